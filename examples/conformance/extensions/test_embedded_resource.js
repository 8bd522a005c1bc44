import { defineModule, embeddedResource } from '@apcore-mcp/core';

export default defineModule({
  description: 'Tests embedded resource content response',
  inputSchema: {},
  execute: () =>
    embeddedResource({
      uri: 'test://embedded-resource',
      mimeType: 'text/plain',
      text: 'This is an embedded resource content.',
    }),
});
