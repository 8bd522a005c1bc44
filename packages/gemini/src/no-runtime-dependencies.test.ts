import { describeNoRuntimeDependencies } from '@apcore-mcp/test-support';

describeNoRuntimeDependencies({
  title: 'no Google package, no MCP server',
  sourceDir: import.meta.dirname,
  forbidden:
    /^(@google\/.*|@google-cloud\/.*|@modelcontextprotocol\/.*|@apcore-mcp\/(server|cli))$/,
  forbiddenImports: /from '(@google\/[^']*|@modelcontextprotocol\/[^']*|@apcore-mcp\/server)'/,
});
