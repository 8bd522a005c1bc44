import { defineModule, elicit } from '@apcore-mcp/core';

export default defineModule({
  description: 'Asks the user for their name, then greets them',
  inputSchema: {},
  execute: async (_inputs, context) => {
    const answer = await elicit(context, 'What is your name?', {
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
    });
    return { greeting: `Hello, ${answer?.name ?? 'stranger'}!` };
  },
});
