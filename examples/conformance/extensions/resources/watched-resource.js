import { defineResource } from '@apcore-mcp/core';

let changes = 0;

// resources-subscribe and resources-unsubscribe (2025-11-25; 2026-07-28 subscribes through
// subscriptions/listen): a resource that changes every 3 seconds and says so with updated().
const watched = defineResource({
  uri: 'test://watched-resource',
  name: 'watched-resource',
  title: 'Watched Resource',
  description: 'A resource that auto-updates every 3 seconds',
  mimeType: 'text/plain',
  read: () => `Watched resource content (${changes} changes)`,
});

// unref(): the timer never keeps the server process alive on its own.
setInterval(() => {
  changes += 1;
  watched.updated();
}, 3000).unref();

export default watched;
