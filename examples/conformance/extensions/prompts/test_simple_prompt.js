import { definePrompt } from '@apcore-mcp/core';

// prompts-get-simple: a string is one user message.
export default definePrompt({
  name: 'test_simple_prompt',
  title: 'Simple Test Prompt',
  description: 'A simple prompt without arguments',
  get: () => 'This is a simple prompt for testing.',
});
