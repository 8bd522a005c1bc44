import { describeNoRuntimeDependencies } from '@apcore-mcp/test-support';

describeNoRuntimeDependencies({
  title: 'FR-OPENAI-005 no OpenAI package, no MCP server',
  sourceDir: import.meta.dirname,
  forbidden: /^(openai|@openai\/.*|@modelcontextprotocol\/.*|@apcore-mcp\/(server|cli))$/,
  forbiddenImports: /from '(openai|@modelcontextprotocol\/[^']*|@apcore-mcp\/server)'/,
});
