import { defineModule } from '@apcore-mcp/core';

// tasks-*: a task-supporting tool that works `seconds` seconds; tasks/cancel aborts its signal,
// which ends the wait at once (the task is then cancelled, not completed).
export default defineModule({
  description: 'Computes for the given number of seconds, then answers',
  inputSchema: { type: 'object', properties: { seconds: { type: 'number', minimum: 0 } } },
  annotations: { taskSupport: 'optional' },
  timeoutMs: 0,
  execute: async ({ seconds = 0 }, context) => {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, seconds * 1000);
      context.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(context.signal.reason);
      });
    });
    return `Computed for ${seconds} seconds`;
  },
});
