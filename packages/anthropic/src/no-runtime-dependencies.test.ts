import { describeNoRuntimeDependencies } from '@apcore-mcp/test-support';

describeNoRuntimeDependencies({
  title: 'no Anthropic SDK, no MCP server',
  sourceDir: import.meta.dirname,
  forbidden: /^(@anthropic-ai\/.*|@modelcontextprotocol\/.*|@apcore-mcp\/(server|cli))$/,
  forbiddenImports:
    /from '(@anthropic-ai\/[^']*|@modelcontextprotocol\/[^']*|@apcore-mcp\/server)'/,
});
