import { defineModule } from '@apcore-mcp/core';

// A plain string is one text item holding exactly that string.
export default defineModule({
  description: 'Tests simple text content response',
  inputSchema: {},
  execute: () => 'This is a simple text response for testing.',
});
