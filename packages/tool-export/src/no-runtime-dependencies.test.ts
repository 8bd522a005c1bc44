import { describeNoRuntimeDependencies } from '@apcore-mcp/test-support';

describeNoRuntimeDependencies({
  title: 'the shared tool export installs no provider SDK, no MCP server',
  sourceDir: import.meta.dirname,
  forbidden:
    /^(openai|@openai\/.*|@anthropic-ai\/.*|@google\/.*|@modelcontextprotocol\/.*|@apcore-mcp\/(server|cli|openai|anthropic|gemini))$/,
  forbiddenImports:
    /from '(openai|@anthropic-ai\/[^']*|@google\/[^']*|@modelcontextprotocol\/[^']*|@apcore-mcp\/(server|openai|anthropic|gemini))'/,
});
