import { defineModule, sample } from '@apcore-mcp/core';

export default defineModule({
  description: 'Tests server-initiated sampling (LLM completion request)',
  inputSchema: {
    type: 'object',
    properties: { prompt: { type: 'string', description: 'The prompt to send to the LLM' } },
    required: ['prompt'],
  },
  execute: async (inputs, context) => {
    const result = await sample(context, {
      messages: [{ role: 'user', content: { type: 'text', text: inputs.prompt } }],
      maxTokens: 100,
    });
    const content = Array.isArray(result?.content) ? result.content[0] : result?.content;
    return `LLM response: ${content?.type === 'text' ? content.text : 'No response'}`;
  },
});
