import { defineResource } from '@apcore-mcp/core';

// resources-read-text: a plain string is one text item.
export default defineResource({
  uri: 'test://static-text',
  name: 'static-text',
  title: 'Static Text Resource',
  description: 'A static text resource for testing',
  mimeType: 'text/plain',
  read: () => 'This is the content of the static text resource.',
});
