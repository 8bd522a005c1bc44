import { definePrompt } from '@apcore-mcp/core';

// prompts-get-with-args: the arguments arrive checked (both required, both strings).
// completion-complete: arg1 suggests values from what the user typed.
export default definePrompt({
  name: 'test_prompt_with_arguments',
  title: 'Prompt With Arguments',
  description: 'A prompt with required arguments',
  arguments: [
    {
      name: 'arg1',
      description: 'First test argument',
      required: true,
      complete: (value) => [`${value}-one`, `${value}-two`],
    },
    { name: 'arg2', description: 'Second test argument', required: true },
  ],
  get: ({ arg1, arg2 }) => [
    { role: 'user', content: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` },
  ],
});
