import { defineModule, log } from '@apcore-mcp/core';

/** The scenario wants the lines spread over the call, not sent all at once. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 50));

export default defineModule({
  description: 'Tests tool that emits log messages during execution',
  inputSchema: {},
  execute: async (_inputs, context) => {
    await log(context, 'info', 'Tool execution started');
    await pause();
    await log(context, 'info', 'Tool processing data');
    await pause();
    await log(context, 'info', 'Tool execution completed');
    return 'Tool with logging executed successfully';
  },
});
