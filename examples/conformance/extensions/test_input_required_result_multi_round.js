import { defineModule, elicit } from '@apcore-mcp/core';

// Two questions one after the other: each answered round runs the module again from the start.
export default defineModule({
  description: 'Asks a name, then a favourite colour, in two rounds',
  inputSchema: {},
  execute: async (_inputs, context) => {
    const name = await elicit(
      context,
      'Step 1: What is your name?',
      { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      { key: 'step1' },
    );
    const colour = await elicit(
      context,
      'Step 2: What is your favorite color?',
      { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
      { key: 'step2' },
    );
    return `Multi-round complete for ${name?.name ?? 'friend'} who likes ${colour?.color ?? 'nothing'}`;
  },
});
