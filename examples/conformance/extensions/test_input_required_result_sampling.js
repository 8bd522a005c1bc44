import { defineModule, sample } from '@apcore-mcp/core';

export default defineModule({
  description: "Asks the client's model a question, then answers with its reply",
  inputSchema: {},
  execute: async (_inputs, context) => {
    const result = await sample(
      context,
      {
        messages: [
          { role: 'user', content: { type: 'text', text: 'What is the capital of France?' } },
        ],
        maxTokens: 100,
      },
      { key: 'sample_request' },
    );
    const content = Array.isArray(result?.content) ? result.content[0] : result?.content;
    return `Sampling result: ${content?.type === 'text' ? content.text : 'no response'}`;
  },
});
