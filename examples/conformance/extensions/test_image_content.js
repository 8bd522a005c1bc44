import { defineModule, image } from '@apcore-mcp/core';
import { RED_PIXEL_PNG } from './_lib/media.js';

export default defineModule({
  description: 'Tests image content response',
  inputSchema: {},
  execute: () => image(RED_PIXEL_PNG, 'image/png'),
});
