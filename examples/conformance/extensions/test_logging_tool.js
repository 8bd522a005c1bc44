import { defineModule, log } from '@apcore-mcp/core';

export default defineModule({
  description: 'Diagnostic logging validator tool',
  inputSchema: {},
  execute: async (_inputs, context) => {
    // Sent only to a 2026-07-28 request that carries a log level (server-stateless checks it).
    await log(context, 'info', 'Diagnostic trace logging activated');
    return 'Logging evaluated';
  },
});
