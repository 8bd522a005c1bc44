import { defineModule, elicit } from '@apcore-mcp/core';

// The server signs what earlier rounds settled into requestState and checks it on the retry.
export default defineModule({
  description: 'Asks for a confirmation; completes once the retry carries the answer and state',
  inputSchema: {},
  execute: async (_inputs, context) => {
    const answer = await elicit(
      context,
      'Please confirm',
      { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      { key: 'confirm' },
    );
    return answer?.ok === true ? 'state-ok: requestState validated' : 'not confirmed';
  },
});
