import { defineModule, elicit } from '@apcore-mcp/core';

// Asks under the key `user_name`: the scenario answers that key (and adds others to ignore).
export default defineModule({
  description: 'Asks the user for their name, then greets them',
  inputSchema: {},
  execute: async (_inputs, context) => {
    const answer = await elicit(
      context,
      'What is your name?',
      { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      { key: 'user_name' },
    );
    return `Hello, ${answer?.name ?? 'stranger'}!`;
  },
});
