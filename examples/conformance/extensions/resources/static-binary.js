import { defineResource } from '@apcore-mcp/core';

// A 1x1 red PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

// resources-read-binary: bytes are one binary item, sent as a base64 blob.
export default defineResource({
  uri: 'test://static-binary',
  name: 'static-binary',
  title: 'Static Binary Resource',
  description: 'A static binary resource (image) for testing',
  mimeType: 'image/png',
  read: () => PNG,
});
