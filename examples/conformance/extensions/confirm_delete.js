import { defineModule, elicit } from '@apcore-mcp/core';

// tasks-mrtr-input: a task that asks for a confirmation (status input_required, answered with
// tasks/update) and completes once answered.
export default defineModule({
  description: 'Deletes a file once the user confirms',
  inputSchema: { type: 'object', properties: { filename: { type: 'string' } } },
  annotations: { taskSupport: 'optional' },
  execute: async ({ filename }, context) => {
    const answer = await elicit(
      context,
      `Delete ${filename}?`,
      { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      { key: 'confirm' },
    );
    return answer?.confirm === true ? `Deleted ${filename}` : `Kept ${filename}`;
  },
});
