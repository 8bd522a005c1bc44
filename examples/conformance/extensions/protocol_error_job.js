import { defineModule } from '@apcore-mcp/core';

// tasks-lifecycle: an unexpected exception fails the task with a sanitized -32603.
export default defineModule({
  description: 'Crashes, which fails its task',
  inputSchema: { type: 'object', properties: {} },
  annotations: { taskSupport: 'optional' },
  execute: async () => {
    throw new Error('disk on fire at /var/lib/jobs');
  },
});
