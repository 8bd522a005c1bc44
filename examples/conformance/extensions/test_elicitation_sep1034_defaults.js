import { defineModule, elicit } from '@apcore-mcp/core';

// SEP-1034: every primitive type with a default the client fills in.
export default defineModule({
  description: 'Tests elicitation with default values per SEP-1034',
  inputSchema: {},
  execute: async (_inputs, context) => {
    const answer = await elicit(context, 'Please review and update the form fields with defaults', {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'User name', default: 'John Doe' },
        age: { type: 'integer', description: 'User age', default: 30 },
        score: { type: 'number', description: 'User score', default: 95.5 },
        status: {
          type: 'string',
          description: 'User status',
          enum: ['active', 'inactive', 'pending'],
          default: 'active',
        },
        verified: { type: 'boolean', description: 'Verification status', default: true },
      },
      required: [],
    });
    const action = answer === null ? 'decline' : 'accept';
    return `Elicitation completed: action=${action}, content=${JSON.stringify(answer ?? {})}`;
  },
});
