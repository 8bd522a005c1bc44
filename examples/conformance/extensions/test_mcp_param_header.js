import { defineModule } from '@apcore-mcp/core';

// http-custom-header-server-validation calls the first tool with an x-mcp-header parameter: its
// value is mirrored into the Mcp-Param-Region header, which the server checks against the body.
export default defineModule({
  description: 'Answers the region it was routed by (mirrored into the Mcp-Param-Region header)',
  inputSchema: {
    type: 'object',
    properties: {
      region: { type: 'string', 'x-mcp-header': 'Region' },
    },
    required: ['region'],
  },
  execute: ({ region }) => `Routed to ${region}`,
});
