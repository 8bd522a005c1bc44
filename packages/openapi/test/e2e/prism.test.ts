import { fileURLToPath } from 'node:url';
import { Registry } from '@apcore-mcp/runtime';
import { type ServerHandle, startServer } from '@apcore-mcp/server';
import { createRecordingLogger, startPrism, type TestPrismServer } from '@apcore-mcp/test-support';
import { type ClientEra, connectClient } from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOpenapi } from '../../src/register-openapi.js';

// The example documents served by Stoplight's Prism (mock mode, request validation on: a
// request that breaks the document is an error answer and a logged violation), their
// operations served by a real MCP server over Streamable HTTP and called with both SDK majors.

const EXAMPLES = fileURLToPath(new URL('../../../../examples/openapi/', import.meta.url));
const PETSTORE = `${EXAMPLES}petstore.yaml`;
const FIELD_NOTES = `${EXAMPLES}field-notes.yaml`;

let petstore: TestPrismServer;
let notes: TestPrismServer;
let server: ServerHandle;
const logger = createRecordingLogger();

beforeAll(async () => {
  [petstore, notes] = await Promise.all([
    startPrism({ document: PETSTORE, mode: 'mock' }),
    startPrism({ document: FIELD_NOTES, mode: 'mock' }),
  ]);
  const registry = new Registry();
  await registerOpenapi(registry, PETSTORE, {
    baseUrl: petstore.url,
    prefix: 'petstore',
    mixedSources: true,
    logger,
  });
  await registerOpenapi(registry, FIELD_NOTES, { baseUrl: notes.url, prefix: 'notes', logger });
  server = await startServer(registry, { transport: 'streamable-http', port: 0, logger });
});

afterAll(async () => {
  await server?.close();
  await Promise.all([petstore?.close(), notes?.close()]);
});

const REQUEST_ID = '3f2b9c1e-7d4a';
const dawnChorus = {
  id: 'n-1',
  kind: 'note',
  title: 'Dawn chorus',
  body: 'Blackbird first, then the wren.',
  status: 'published',
  tags: ['birds', 'dawn'],
};
// Prism's static mock of a Pet: values of the schema's types.
const mockPet = expect.objectContaining({ id: expect.any(Number), name: expect.any(String) });

describe.each(['2025-11-25', '2026-07-28'] satisfies ClientEra[])('%s client', (era) => {
  const connect = () => connectClient({ era, transport: 'http', url: server.url ?? '' });

  it('lists every operation of both documents, with hints from the method', async () => {
    const client = await connect();
    try {
      const tools = await client.listTools();
      const hints = Object.fromEntries(
        tools.map((tool) => [
          tool.name,
          [tool.annotations?.readOnlyHint, tool.annotations?.destructiveHint],
        ]),
      );
      expect(hints).toEqual({
        'petstore-find_pets': [true, false],
        'petstore-add_pet': [false, false],
        'petstore-find_pet_by_id': [true, false],
        'petstore-delete_pet': [false, true],
        'notes-list_notes': [true, false],
        'notes-create_note': [false, false],
        'notes-get_note': [true, false],
        'notes-delete_note': [false, true],
        'notes-export_note': [true, false],
      });
      const createNote = tools.find((tool) => tool.name === 'notes-create_note');
      expect(createNote?.inputSchema.required).toEqual(['X-Request-Id', 'title']);
      expect(createNote?.outputSchema?.properties).toMatchObject({
        kind: { const: 'note' },
        body: { type: ['string', 'null'] },
      });
    } finally {
      await client.close();
    }
  });

  it('calls every Petstore operation; Prism finds no violation', async () => {
    const client = await connect();
    try {
      const found = await client.callTool('petstore-find_pets', { tags: ['dog', 'cat'], limit: 2 });
      expect(found.isError).toBe(false);
      expect(found.structuredContent).toEqual({ items: [mockPet] });

      const added = await client.callTool('petstore-add_pet', { name: 'Rex', tag: 'dog' });
      expect(added.structuredContent).toEqual(mockPet);

      const one = await client.callTool('petstore-find_pet_by_id', { id: 7 });
      expect(one.structuredContent).toEqual(mockPet);

      // 204: nothing to structure, an empty object as text.
      const deleted = await client.callTool('petstore-delete_pet', { id: 7 });
      expect(deleted).toMatchObject({ isError: false, content: [{ type: 'text', text: '{}' }] });
      expect(deleted.structuredContent).toBeUndefined();
    } finally {
      await client.close();
    }
    expect(await petstore.violations()).toEqual([]);
    expect((await petstore.requests()).slice(-4)).toEqual([
      { method: 'get', path: '/pets' },
      { method: 'post', path: '/pets' },
      { method: 'get', path: '/pets/7' },
      { method: 'delete', path: '/pets/7' },
    ]);
  });

  it('calls every field-notes operation (3.1); Prism finds no violation', async () => {
    const client = await connect();
    try {
      const listed = await client.callTool('notes-list_notes', {
        tag: ['birds', 'dawn'],
        status: ['draft', 'published'],
        limit: 5,
      });
      expect(listed.structuredContent).toEqual({
        notes: [{ ...dawnChorus, archivedAt: null }],
        next: null,
      });

      const created = await client.callTool('notes-create_note', {
        'X-Request-Id': REQUEST_ID,
        title: 'Heron at the weir',
        body: null,
        status: 'draft',
        tags: ['birds'],
      });
      expect(created.structuredContent).toEqual({
        id: 'n-2',
        kind: 'note',
        title: 'Heron at the weir',
        body: null,
        status: 'draft',
        tags: ['birds'],
        archivedAt: null,
      });

      const read = await client.callTool('notes-get_note', { noteId: 'n-1' });
      expect(read.structuredContent).toEqual({ ...dawnChorus, archivedAt: '2026-03-01T06:12:00Z' });

      const deleted = await client.callTool('notes-delete_note', {
        noteId: 'n-1',
        'X-Request-Id': REQUEST_ID,
      });
      expect(deleted).toMatchObject({ isError: false, content: [{ type: 'text', text: '{}' }] });

      const markdown = await client.callTool('notes-export_note', { noteId: 'n-1' });
      expect(markdown).toMatchObject({
        isError: false,
        content: [{ type: 'text', text: '# Dawn chorus\n\nBlackbird first, then the wren.\n' }],
      });
      expect(markdown.structuredContent).toBeUndefined();
    } finally {
      await client.close();
    }
    expect(await notes.violations()).toEqual([]);
    expect((await notes.requests()).slice(-5)).toEqual([
      { method: 'get', path: '/notes' },
      { method: 'post', path: '/notes' },
      { method: 'get', path: '/notes/n-1' },
      { method: 'delete', path: '/notes/n-1' },
      { method: 'get', path: '/notes/n-1/markdown' },
    ]);
  });

  it('refuses a missing required parameter before any request reaches Prism', async () => {
    const before = [(await petstore.requests()).length, (await notes.requests()).length];
    const client = await connect();
    try {
      for (const [name, args, field] of [
        ['petstore-find_pet_by_id', {}, 'id'],
        ['notes-create_note', { title: 'Heron' }, 'X-Request-Id'],
        ['notes-get_note', { noteId: 'seven' }, 'noteId'],
      ] as const) {
        const refused = await client.callTool(name, args);
        expect(refused.isError).toBe(true);
        expect(refused._meta?.['apcore/errorCode']).toBe('SCHEMA_VALIDATION_ERROR');
        expect(refused.content[0]?.text).toContain(`${field}:`);
      }
    } finally {
      await client.close();
    }
    expect([(await petstore.requests()).length, (await notes.requests()).length]).toEqual(before);
  });
});
