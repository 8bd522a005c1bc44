import { defineModule, type ModuleContext } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';

/**
 * Two modules, one calling the other through its context, so that a traced call shows a span
 * per module: `greet.hello` runs `greet.format` as a nested call. Each reports the trace id it
 * ran under.
 */
export function createGreetingRegistry(): Registry {
  const registry = new Registry();
  registry.register(
    'greet.hello',
    defineModule<{ name: string }>({
      description: 'Greet someone by name.',
      inputSchema: {
        type: 'object',
        properties: { name: { type: 'string' } },
        required: ['name'],
      },
      execute: async ({ name }, context: ModuleContext) => {
        const formatted = await context.executor.call('greet.format', { name }, context);
        return { greeting: formatted.text, traceId: context.traceId };
      },
    }),
  );
  registry.register(
    'greet.format',
    defineModule<{ name: string }>({
      description: 'Format a greeting.',
      inputSchema: {
        type: 'object',
        properties: { name: { type: 'string' } },
        required: ['name'],
      },
      execute: ({ name }) => ({ text: `Hello, ${name}!` }),
    }),
  );
  return registry;
}
