import { defineModule, elicit } from '@apcore-mcp/core';

export default defineModule({
  description: 'Tests elicitation: asks the user a question and returns the answer',
  inputSchema: {
    type: 'object',
    properties: { message: { type: 'string', description: 'The question to ask' } },
  },
  execute: async (inputs, context) => {
    const answer = await elicit(
      context,
      inputs.message ?? 'Please provide your information',
      {
        type: 'object',
        properties: {
          username: { type: 'string', description: 'User name' },
          email: { type: 'string', description: 'User email address' },
        },
        required: ['username', 'email'],
      },
      { key: 'user_info' },
    );
    return { action: answer === null ? 'decline' : 'accept', content: answer ?? {} };
  },
});
