import { defineModule, embeddedResource, image, text } from '@apcore-mcp/core';
import { RED_PIXEL_PNG } from './_lib/media.js';

export default defineModule({
  description: 'Tests response with multiple content types (text, image, resource)',
  inputSchema: {},
  execute: () => [
    text('Multiple content types test:'),
    image(RED_PIXEL_PNG, 'image/png'),
    embeddedResource({
      uri: 'test://mixed-content-resource',
      mimeType: 'application/json',
      text: JSON.stringify({ test: 'data', value: 123 }),
    }),
  ],
});
