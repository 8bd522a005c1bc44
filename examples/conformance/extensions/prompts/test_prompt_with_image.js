import { definePrompt } from '@apcore-mcp/core';

// A 1x1 red PNG, in base64.
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

// prompts-get-with-image: an image item, then text.
export default definePrompt({
  name: 'test_prompt_with_image',
  title: 'Prompt With Image',
  description: 'A prompt that includes image content',
  get: () => [
    { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
    { role: 'user', content: 'Please analyze the image above.' },
  ],
});
