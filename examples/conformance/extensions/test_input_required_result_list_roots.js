import { defineModule, listRoots } from '@apcore-mcp/core';

export default defineModule({
  description: 'Asks the client for its roots, then says how many it has',
  inputSchema: {},
  execute: async (_inputs, context) => {
    const roots = await listRoots(context, { key: 'roots_request' });
    return `Found ${roots?.length ?? 0} root(s)`;
  },
});
