import type { ModuleAnnotations } from '@apcore-mcp/core';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { aggregateAnnotations } from './aggregate-annotations.js';
import { ANNOTATION_DEFAULTS, normalizeAnnotations } from './normalize-annotations.js';

const annotationsArbitrary: fc.Arbitrary<ModuleAnnotations | null> = fc.option(
  fc.record({
    readonly: fc.boolean(),
    destructive: fc.boolean(),
    idempotent: fc.boolean(),
    requiresApproval: fc.boolean(),
    openWorld: fc.boolean(),
    streaming: fc.boolean(),
  }),
);

const READER = { ...ANNOTATION_DEFAULTS, readonly: true, idempotent: true, openWorld: false };
const WRITER = { ...ANNOTATION_DEFAULTS, destructive: true, requiresApproval: true };

describe('aggregateAnnotations (grouped tools, conservative rule)', () => {
  test('an empty list gives the defaults', () => {
    expect(aggregateAnnotations([])).toStrictEqual(ANNOTATION_DEFAULTS);
  });

  test('a single module gives its own annotations', () => {
    expect(aggregateAnnotations([READER])).toStrictEqual(READER);
    expect(aggregateAnnotations([null])).toStrictEqual(ANNOTATION_DEFAULTS);
  });

  test('readonly and idempotent only if all; destructive, openWorld, requiresApproval if any', () => {
    expect(aggregateAnnotations([READER, WRITER])).toStrictEqual({
      readonly: false,
      destructive: true,
      idempotent: false,
      requiresApproval: true,
      openWorld: true,
      streaming: false,
    });
    expect(aggregateAnnotations([READER, READER])).toStrictEqual(READER);
  });

  test('streaming if any', () => {
    expect(aggregateAnnotations([READER, { ...READER, streaming: true }]).streaming).toBe(true);
  });

  test('null entries count as defaults (not readonly, open world)', () => {
    expect(aggregateAnnotations([READER, null])).toMatchObject({
      readonly: false,
      openWorld: true,
    });
  });

  test('partial entries from foreign runtimes are filled with defaults', () => {
    expect(
      aggregateAnnotations([{ readonly: true }, { readonly: true, destructive: true }]),
    ).toStrictEqual({
      ...ANNOTATION_DEFAULTS,
      readonly: true,
      destructive: true,
    });
  });

  test('explicit values win over the aggregate; undefined and non-booleans do not', () => {
    expect(
      aggregateAnnotations([READER, WRITER], {
        destructive: false,
        readonly: undefined,
        requiresApproval: 'no' as unknown as boolean,
      }),
    ).toStrictEqual({
      readonly: false,
      destructive: false,
      idempotent: false,
      requiresApproval: true,
      openWorld: true,
      streaming: false,
    });
    expect(aggregateAnnotations([], { readonly: true })).toStrictEqual({
      ...ANNOTATION_DEFAULTS,
      readonly: true,
    });
  });

  test('the inputs are not mutated', () => {
    const list = [Object.freeze({ ...READER }), Object.freeze({ ...WRITER })];
    const explicit = Object.freeze({ streaming: true });
    aggregateAnnotations(list, explicit);
    expect(list).toStrictEqual([READER, WRITER]);
  });

  test('property: every flag follows its all/any rule, whatever the order', () => {
    fc.assert(
      fc.property(fc.array(annotationsArbitrary, { minLength: 1, maxLength: 6 }), (list) => {
        const result = aggregateAnnotations(list);
        const all = list.map(normalizeAnnotations);
        expect(result.readonly).toBe(all.every((entry) => entry.readonly));
        expect(result.idempotent).toBe(all.every((entry) => entry.idempotent));
        expect(result.destructive).toBe(all.some((entry) => entry.destructive));
        expect(result.openWorld).toBe(all.some((entry) => entry.openWorld));
        expect(result.requiresApproval).toBe(all.some((entry) => entry.requiresApproval));
        expect(result.streaming).toBe(all.some((entry) => entry.streaming));
        expect(aggregateAnnotations([...list].reverse())).toStrictEqual(result);
      }),
    );
  });

  test('property: adding a module never makes the tool look safer', () => {
    fc.assert(
      fc.property(
        fc.array(annotationsArbitrary, { minLength: 1, maxLength: 5 }),
        annotationsArbitrary,
        (list, extra) => {
          const before = aggregateAnnotations(list);
          const after = aggregateAnnotations([...list, extra]);
          if (!before.readonly) expect(after.readonly).toBe(false);
          if (!before.idempotent) expect(after.idempotent).toBe(false);
          if (before.destructive) expect(after.destructive).toBe(true);
          if (before.requiresApproval) expect(after.requiresApproval).toBe(true);
          if (before.openWorld) expect(after.openWorld).toBe(true);
        },
      ),
    );
  });
});
