import { defineModule, InvalidInputError } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';

/**
 * A registry built in code rather than discovered from a directory: an app that already has its
 * own server registers the modules it wants to expose.
 */
export function createNotesRegistry(): Registry {
  const notes = new Map<string, string>();
  const registry = new Registry();
  registry.register(
    'notes.write',
    defineModule<{ title: string; body: string }>({
      name: 'Write note',
      description: 'Save a note under a title, replacing any note with the same title.',
      annotations: { idempotent: true, openWorld: false },
      inputSchema: {
        type: 'object',
        properties: {
          title: { type: 'string', minLength: 1, maxLength: 80 },
          body: { type: 'string' },
        },
        required: ['title', 'body'],
      },
      execute: ({ title, body }) => {
        notes.set(title, body);
        return { saved: title, count: notes.size };
      },
    }),
  );
  registry.register(
    'notes.read',
    defineModule<{ title: string }>({
      name: 'Read note',
      description: 'Read the note saved under a title.',
      annotations: { readonly: true, idempotent: true, openWorld: false },
      inputSchema: {
        type: 'object',
        properties: { title: { type: 'string' } },
        required: ['title'],
      },
      execute: ({ title }) => {
        const body = notes.get(title);
        if (body === undefined) throw new InvalidInputError(`No note titled "${title}"`);
        return { title, body };
      },
    }),
  );
  return registry;
}
