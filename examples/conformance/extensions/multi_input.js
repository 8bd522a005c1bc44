import { ask, defineModule, formQuestion } from '@apcore-mcp/core';

// tasks-mrtr-input: a task asking two questions at once; it waits until both are answered.
export default defineModule({
  description: 'Asks for a name and a confirmation at once',
  inputSchema: { type: 'object', properties: {} },
  annotations: { taskSupport: 'optional' },
  execute: async (_inputs, context) => {
    const { name, confirm } = await ask(context, {
      name: formQuestion('Your name?', {
        type: 'object',
        properties: { name: { type: 'string' } },
        required: ['name'],
      }),
      confirm: formQuestion('Go ahead?', {
        type: 'object',
        properties: { confirm: { type: 'boolean' } },
        required: ['confirm'],
      }),
    });
    return `Name ${name?.name ?? 'unknown'}, confirmed ${confirm?.confirm === true}`;
  },
});
