import { defineModule, elicit, reportProgress } from '@apcore-mcp/core';

// On 2026-07-28 the question travels inside the call's input_required result, never as a
// request of its own on the response stream.
export default defineModule({
  description: 'Reports progress, then asks the user to confirm',
  inputSchema: {},
  execute: async (_inputs, context) => {
    await reportProgress(context, 50, 100, 'Half way');
    const answer = await elicit(
      context,
      'Continue streaming?',
      { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      { key: 'confirm' },
    );
    return answer?.ok === true ? 'Streaming complete' : 'Streaming stopped';
  },
});
