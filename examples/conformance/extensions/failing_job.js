import { defineModule, ModuleError } from '@apcore-mcp/core';

// tasks-lifecycle, tasks-required-task-error: a tool that runs only as a task and ends with a
// tool error (the task completes, its result isError).
export default defineModule({
  description: 'Always fails after a second, as a tool error',
  inputSchema: { type: 'object', properties: {} },
  annotations: { taskSupport: 'required' },
  execute: async () => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    throw new ModuleError({ code: 'JOB_FAILED', message: 'The job failed' });
  },
});
