import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { toDescriptionSuffix } from './to-description-suffix.js';

describe('toDescriptionSuffix (FR-ANNOT-007)', () => {
  test('null, undefined and all-default annotations give ""', () => {
    expect(toDescriptionSuffix(null)).toBe('');
    expect(toDescriptionSuffix(undefined)).toBe('');
    expect(
      toDescriptionSuffix({
        readonly: false,
        destructive: false,
        idempotent: false,
        requiresApproval: false,
        openWorld: true,
        streaming: false,
      }),
    ).toBe('');
  });

  test('the specification example', () => {
    expect(toDescriptionSuffix({ readonly: true, idempotent: true })).toBe(
      '\n\n[Annotations: readonly=true, idempotent=true]',
    );
  });

  test.each([
    [{ readonly: true }, 'readonly=true'],
    [{ destructive: true }, 'destructive=true'],
    [{ idempotent: true }, 'idempotent=true'],
    [{ requiresApproval: true }, 'requires_approval=true'],
    [{ openWorld: false }, 'open_world=false'],
  ])('a single non-default field: %j', (annotations, field) => {
    expect(toDescriptionSuffix(annotations)).toBe(`\n\n[Annotations: ${field}]`);
  });

  test('all five fields non-default, in the fixed order whatever the key order', () => {
    expect(
      toDescriptionSuffix({
        openWorld: false,
        requiresApproval: true,
        idempotent: true,
        destructive: true,
        readonly: true,
      }),
    ).toBe(
      '\n\n[Annotations: readonly=true, destructive=true, idempotent=true, requires_approval=true, open_world=false]',
    );
  });

  test('streaming is not listed', () => {
    expect(toDescriptionSuffix({ streaming: true })).toBe('');
  });

  test('snake_case input is read too', () => {
    expect(toDescriptionSuffix({ requires_approval: true, open_world: false })).toBe(
      '\n\n[Annotations: requires_approval=true, open_world=false]',
    );
  });

  test('the suffix parses back to exactly the non-default flags', () => {
    const flags = {
      readonly: false,
      destructive: false,
      idempotent: false,
      requiresApproval: false,
      openWorld: true,
    };
    const names: Record<string, keyof typeof flags> = {
      readonly: 'readonly',
      destructive: 'destructive',
      idempotent: 'idempotent',
      requires_approval: 'requiresApproval',
      open_world: 'openWorld',
    };
    fc.assert(
      fc.property(
        fc.record({
          readonly: fc.boolean(),
          destructive: fc.boolean(),
          idempotent: fc.boolean(),
          requiresApproval: fc.boolean(),
          openWorld: fc.boolean(),
        }),
        (annotations) => {
          const suffix = toDescriptionSuffix(annotations);
          const match =
            /^\n\n\[Annotations: ((?:[a-z_]+=(?:true|false))(?:, [a-z_]+=(?:true|false))*)\]$/.exec(
              suffix,
            );
          const parsed = { ...flags };
          if (match) {
            for (const field of match[1]!.split(', ')) {
              const [name, value] = field.split('=');
              parsed[names[name!]!] = value === 'true';
            }
          } else {
            expect(suffix).toBe('');
          }
          expect(parsed).toStrictEqual({ ...annotations });
        },
      ),
    );
  });
});
