import { defineModule } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';

/**
 * The apcore side of the story: a registry of two modules that keep notes in memory. In a real
 * application this is the registry your modules already live in (or `registry.discover()`).
 */
export function createNotesRegistry(): Registry {
  const notes: string[] = [];
  const registry = new Registry();
  registry.register(
    'notes.add',
    defineModule({
      description: 'Adds a note.',
      inputSchema: {
        type: 'object',
        properties: { text: { type: 'string', minLength: 1 } },
        required: ['text'],
      },
      execute: (inputs) => {
        notes.push(inputs.text as string);
        return { count: notes.length };
      },
    }),
  );
  registry.register(
    'notes.list',
    defineModule({
      description: 'Lists the notes, oldest first.',
      documentation: '# notes.list\n\nEvery note added with `notes.add`, oldest first.',
      inputSchema: { type: 'object', properties: {} },
      annotations: { readonly: true, idempotent: true, openWorld: false },
      execute: () => ({ notes: [...notes] }),
    }),
  );
  return registry;
}
