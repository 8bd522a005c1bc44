import { definePrompt, elicit } from '@apcore-mcp/core';

// input-required-result-non-tool-request: a prompt asks a question under the key
// `user_context` (2026-07-28: an input_required answer) and builds its message from the answer.
export default definePrompt({
  name: 'test_input_required_result_prompt',
  description: 'A prompt that asks the user for context first',
  get: async (_args, context) => {
    const answer = await elicit(
      context,
      'What context should the prompt use?',
      { type: 'object', properties: { context: { type: 'string' } }, required: ['context'] },
      { key: 'user_context' },
    );
    return [{ role: 'user', content: `Use this context: ${answer?.context ?? 'none given'}` }];
  },
});
