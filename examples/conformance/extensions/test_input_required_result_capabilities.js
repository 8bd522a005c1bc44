import { ask, defineModule, formQuestion, samplingQuestion } from '@apcore-mcp/core';

// Asks only what the request's client capabilities cover: the other question answers null.
export default defineModule({
  description: 'Asks a form and the model; a client declaring only sampling is asked only that',
  inputSchema: {},
  execute: async (_inputs, context) => {
    const answers = await ask(context, {
      elicit_input: formQuestion('Elicitation input', {
        type: 'object',
        properties: { value: { type: 'string' } },
        required: ['value'],
      }),
      sample_input: samplingQuestion({
        messages: [{ role: 'user', content: { type: 'text', text: 'Sample request' } }],
        maxTokens: 50,
      }),
    });
    const received = Object.keys(answers).filter((key) => answers[key] !== null);
    return received.length === 0
      ? 'No supported capabilities declared'
      : `capabilities-ok: received ${received.join(',')}`;
  },
});
