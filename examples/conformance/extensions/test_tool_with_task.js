import { becomeTask, defineModule, elicit } from '@apcore-mcp/core';

// tasks-mrtr-composition: asks on the call itself (input_required), then continues as a task
// whose result carries the answer.
export default defineModule({
  description: 'Asks for a name, then greets as a task',
  inputSchema: { type: 'object', properties: {} },
  annotations: { taskSupport: 'required', taskStart: 'explicit' },
  execute: async (_inputs, context) => {
    const answer = await elicit(
      context,
      'What is your name?',
      { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      { key: 'user_name' },
    );
    await becomeTask(context);
    return `Hello, ${answer?.name ?? 'stranger'}, from a task!`;
  },
});
