import { defineModule } from '@apcore-mcp/core';

export default defineModule({
  description: 'Tests error response handling',
  inputSchema: {},
  execute: () => {
    throw new Error('This tool intentionally returns an error for testing');
  },
});
