import { ask, defineModule, formQuestion, rootsQuestion, samplingQuestion } from '@apcore-mcp/core';

// Three questions in one round: a form, the model and the roots, answered together.
export default defineModule({
  description: 'Asks a name, a greeting from the model and the roots at once',
  inputSchema: {},
  execute: async (_inputs, context) => {
    const { user_name, greeting, client_roots } = await ask(context, {
      user_name: formQuestion('What is your name?', {
        type: 'object',
        properties: { name: { type: 'string' } },
        required: ['name'],
      }),
      greeting: samplingQuestion({
        messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }],
        maxTokens: 50,
      }),
      client_roots: rootsQuestion(),
    });
    const text = !Array.isArray(greeting?.content) && greeting?.content.type === 'text';
    return `Name: ${user_name?.name ?? 'unknown'}; Greeting: ${text ? greeting.content.text : 'none'}; Roots: ${client_roots?.length ?? 0}`;
  },
});
