import { defineModule } from '@apcore-mcp/core';

// tasks-*: the sync-only tool; a plain result whatever the client declares.
export default defineModule({
  description: 'Greets someone by name',
  inputSchema: { type: 'object', properties: { name: { type: 'string' } } },
  execute: ({ name }) => `Hello, ${name ?? 'world'}!`,
});
