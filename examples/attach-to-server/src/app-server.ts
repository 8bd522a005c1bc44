// `tsx src/app-server.ts`: the application's own MCP server over stdio, with a tool of its own
// and the notes registry's tools attached beside it.
import { attachToServer } from '@apcore-mcp/server';
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createNotesRegistry } from './notes-registry.js';

const startedAt = Date.now();
const server = new McpServer({ name: 'notes-app', version: '1.0.0' });

// The application's own tool, written with the SDK as usual.
server.registerTool(
  'app_status',
  { description: 'Reports how long the application has been up.' },
  () => ({ content: [{ type: 'text', text: `up ${Date.now() - startedAt} ms` }] }),
);

// The registry's modules join it: every call goes through apcore's Executor (ACL, validation).
await attachToServer(server, createNotesRegistry(), { validateInputs: true });

// One connection, one server: the factory hands out the server the tools were attached to.
serveStdio(() => server);
