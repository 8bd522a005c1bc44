import { defineModule, reportProgress } from '@apcore-mcp/core';

export default defineModule({
  description: 'Tests tool that reports progress notifications',
  inputSchema: {},
  execute: async (_inputs, context) => {
    for (const step of [0, 50, 100]) {
      await reportProgress(context, step, 100, `Completed step ${step} of 100`);
    }
    return { steps: 3 };
  },
});
