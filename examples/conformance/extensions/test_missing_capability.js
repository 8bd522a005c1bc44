import { defineModule, sample } from '@apcore-mcp/core';

// Cannot work without sampling: a client that does not declare it gets -32021 (HTTP 400).
export default defineModule({
  description: 'Requires the sampling capability',
  inputSchema: {},
  execute: async (_inputs, context) => {
    await sample(
      context,
      { messages: [{ role: 'user', content: { type: 'text', text: 'Say yes' } }], maxTokens: 10 },
      { required: true },
    );
    return 'Success';
  },
});
