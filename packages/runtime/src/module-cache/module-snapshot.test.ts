import { defineModule } from '@apcore-mcp/core';
import type { ModuleLike } from '@apcore-mcp/core/bridge';
import { describe, expect, it } from 'vitest';
import { withUiBesideFile } from '../ui-beside-file.js';
import { sameSnapshot, snapshotModule } from './module-snapshot.js';

const execute = (): Record<string, unknown> => ({});

describe('snapshotModule', () => {
  it('keeps the data fields and which of execute and stream the module has', () => {
    const module = defineModule({
      description: 'Greet',
      inputSchema: { type: 'object', properties: { name: { type: 'string' } } },
      tags: ['people'],
      annotations: { readonly: true },
      execute,
    });
    expect(snapshotModule(module)).toEqual({
      fields: expect.objectContaining({
        description: 'Greet',
        inputSchema: { type: 'object', properties: { name: { type: 'string' } } },
        tags: ['people'],
        annotations: expect.objectContaining({ readonly: true }),
      }),
      execute: true,
      stream: false,
    });
  });

  it('reads the fields of a class instance and the UI path resolved beside its file', () => {
    class Counter {
      readonly description = 'Count';
      readonly inputSchema = { type: 'object' };
      readonly ui = './card.html';
      async *stream(): AsyncIterable<unknown> {}
    }
    const module = withUiBesideFile(new Counter() as ModuleLike, '/app/extensions/count.js');
    expect(snapshotModule(module)).toEqual({
      fields: {
        description: 'Count',
        inputSchema: { type: 'object' },
        ui: { file: '/app/extensions/card.html' },
      },
      execute: false,
      stream: true,
    });
  });

  it.each([
    ['a Date', { at: new Date(0) }],
    ['a function', { check: () => true }],
    ['a class instance', { where: new URL('https://example.com') }],
  ])('gives null for data holding %s, which JSON would change', (_name, metadata) => {
    expect(
      snapshotModule({ description: 'x', inputSchema: {}, metadata, execute } as ModuleLike),
    ).toBeNull();
  });

  it('gives null for a schema with a cycle', () => {
    const inputSchema: Record<string, unknown> = { type: 'object' };
    inputSchema.self = inputSchema;
    expect(snapshotModule({ description: 'x', inputSchema, execute })).toBeNull();
  });

  it('tells snapshots apart by any field, and by execute or stream', () => {
    const base = snapshotModule({ description: 'x', inputSchema: {}, execute });
    const same = snapshotModule({ description: 'x', inputSchema: {}, execute: () => 1 });
    const other = snapshotModule({ description: 'y', inputSchema: {}, execute });
    const streaming = snapshotModule({
      description: 'x',
      inputSchema: {},
      async *stream() {},
    });
    if (base === null || same === null || other === null || streaming === null) {
      throw new Error('every module above has a snapshot');
    }
    expect(sameSnapshot(base, same)).toBe(true);
    expect(sameSnapshot(base, other)).toBe(false);
    expect(sameSnapshot(base, streaming)).toBe(false);
  });
});
