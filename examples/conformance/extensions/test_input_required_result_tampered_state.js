import { defineModule, elicit } from '@apcore-mcp/core';

// A requestState that fails its signature never reaches the module: -32602 before it runs.
export default defineModule({
  description: 'Asks for a confirmation under a signed requestState',
  inputSchema: {},
  execute: async (_inputs, context) => {
    const answer = await elicit(
      context,
      'Please confirm',
      { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      { key: 'confirm' },
    );
    return answer?.ok === true ? 'integrity-ok: state verified' : 'not confirmed';
  },
});
