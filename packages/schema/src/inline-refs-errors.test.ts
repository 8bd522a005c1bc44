import { afterAll, afterEach, describe, expect, test, vi } from 'vitest';
import { inlineRefs } from './inline-refs.js';
import { SchemaConversionError } from './schema-conversion-error.js';

/** Runs `inlineRefs` expecting a {@link SchemaConversionError}, and returns it. */
function conversionErrorOf(schema: unknown, options?: Parameters<typeof inlineRefs>[1]) {
  try {
    inlineRefs(schema as Record<string, unknown>, options);
  } catch (error) {
    expect(SchemaConversionError.isInstance(error)).toBe(true);
    return error as SchemaConversionError;
  }
  throw new Error('inlineRefs did not throw');
}

describe('inlineRefs: circular references', () => {
  test('A -> B -> A names the whole cycle', () => {
    const error = conversionErrorOf({
      properties: { a: { $ref: '#/$defs/A' } },
      $defs: {
        A: { type: 'object', properties: { b: { $ref: '#/$defs/B' } } },
        B: { type: 'array', items: { $ref: '#/$defs/A' } },
      },
    });
    expect(error.message).toBe(
      'Circular reference: #/$defs/A -> #/$defs/B -> #/$defs/A (at #/$defs/B/items/$ref)',
    );
    expect(error.details).toStrictEqual({
      reason: 'circular-reference',
      path: '/$defs/B/items/$ref',
      ref: '#/$defs/A',
      cycle: ['#/$defs/A', '#/$defs/B', '#/$defs/A'],
    });
  });

  test('a definition referring to itself', () => {
    const error = conversionErrorOf({
      $ref: '#/$defs/Node',
      $defs: { Node: { properties: { children: { items: { $ref: '#/$defs/Node' } } } } },
    });
    expect(error.message).toMatch(/^Circular reference: #\/\$defs\/Node -> #\/\$defs\/Node /);
  });

  test('the cycle starts where it closes, not where the chain began', () => {
    const error = conversionErrorOf({
      properties: { a: { $ref: '#/$defs/Start' } },
      $defs: { Start: { $ref: '#/$defs/A' }, A: { $ref: '#/$defs/B' }, B: { $ref: '#/$defs/A' } },
    });
    expect(error.details.cycle).toStrictEqual(['#/$defs/A', '#/$defs/B', '#/$defs/A']);
  });

  test('the same target spelled two ways is still one cycle', () => {
    const error = conversionErrorOf({
      $ref: '#/$defs/A',
      $defs: { A: { not: { $ref: '#/%24defs/A' } } },
    });
    expect(error.details.cycle).toStrictEqual(['#/$defs/A', '#/%24defs/A']);
  });

  test.each([
    ['at the root', { $ref: '#' }],
    ['below the root', { type: 'object', properties: { self: { $ref: '#' } } }],
  ])('"$ref": "#" %s is a cycle', (_where, schema) => {
    const error = conversionErrorOf(schema);
    expect(error.details.reason).toBe('circular-reference');
    expect(error.message).toMatch(/^Circular reference: # -> # /);
  });

  test('a reference to an ancestor location is a cycle', () => {
    const error = conversionErrorOf({
      properties: { tree: { properties: { child: { $ref: '#/properties/tree' } } } },
    });
    expect(error.details.cycle).toStrictEqual(['#/properties/tree', '#/properties/tree']);
  });

  test('cycles among unused definitions are harmless', () => {
    expect(
      inlineRefs({ type: 'object', $defs: { A: { $ref: '#/$defs/B' }, B: { $ref: '#/$defs/A' } } }),
    ).toStrictEqual({ type: 'object' });
  });
});

describe('inlineRefs: missing and malformed references', () => {
  test('a missing definition is named', () => {
    const error = conversionErrorOf({
      properties: { a: { $ref: '#/$defs/Missing' } },
      $defs: { Present: {} },
    });
    expect(error.message).toBe(
      'Reference target not found: #/$defs/Missing (at #/properties/a/$ref)',
    );
    expect(error.details).toMatchObject({ reason: 'missing-reference', ref: '#/$defs/Missing' });
  });

  const $defs = { A: { anyOf: [{}, {}] } };
  test.each([
    ['no $defs at all', '#/$defs/A', {}],
    ['a missing nested key', '#/$defs/A/properties/nope', { $defs }],
    ['an index past the end', '#/$defs/A/anyOf/5', { $defs }],
    ['a non-canonical index', '#/$defs/A/anyOf/01', { $defs }],
    ['an inherited property', '#/$defs/constructor', { $defs }],
    ['an inherited property of an array', '#/$defs/A/anyOf/length', { $defs }],
  ])('%s: %s', (_name, ref, rest) => {
    const error = conversionErrorOf({ properties: { x: { $ref: ref } }, ...rest });
    expect(error.details.reason).toBe('missing-reference');
    expect(error.message).toContain(ref);
  });

  test('a target that is not a schema', () => {
    const error = conversionErrorOf({ properties: { a: { $ref: '#/required' } }, required: ['a'] });
    expect(error.message).toBe(
      'Invalid $ref "#/required": it points at an array, not a schema (at #/properties/a/$ref)',
    );
  });

  test.each([
    ['a number', 42, 'Invalid $ref: expected a string, got a number'],
    [
      'a bad ~ escape',
      '#/$defs/a~2',
      'Invalid $ref "#/$defs/a~2": "~" must be followed by 0 or 1 in "a~2"',
    ],
    [
      'bad percent-encoding',
      '#/$defs/%E0%A4%A',
      'Invalid $ref "#/$defs/%E0%A4%A": its percent-encoding is malformed',
    ],
  ])('%s', (_name, ref, message) => {
    const error = conversionErrorOf({ properties: { a: { $ref: ref } } });
    expect(error.details.reason).toBe('invalid-reference');
    expect(error.message).toBe(`${message} (at #/properties/a/$ref)`);
  });
});

describe('inlineRefs: depth limit', () => {
  function chain(length: number): Record<string, unknown> {
    const $defs: Record<string, unknown> = { [`L${length}`]: { type: 'string' } };
    for (let level = 1; level < length; level += 1) {
      $defs[`L${level}`] = { items: { $ref: `#/$defs/L${level + 1}` } };
    }
    return { $ref: '#/$defs/L1', $defs };
  }

  test('32 nested references resolve; 33 exceed the default depth', () => {
    expect(() => inlineRefs(chain(32))).not.toThrow();
    const error = conversionErrorOf(chain(33));
    expect(error.details).toMatchObject({ reason: 'max-depth-exceeded', ref: '#/$defs/L33' });
    expect(error.message).toBe(
      'Maximum $ref depth exceeded: resolving "#/$defs/L33" would nest more than 32 references (at #/$defs/L32/items/$ref)',
    );
  });

  test('maxDepth is configurable', () => {
    expect(() => inlineRefs(chain(3), { maxDepth: 3 })).not.toThrow();
    expect(conversionErrorOf(chain(3), { maxDepth: 2 }).details.reason).toBe('max-depth-exceeded');
    expect(conversionErrorOf(chain(1), { maxDepth: 0 }).details.reason).toBe('max-depth-exceeded');
  });

  test.each([-1, 1.5, Number.NaN])('maxDepth %s is refused', (maxDepth) => {
    expect(() => inlineRefs({}, { maxDepth })).toThrow(RangeError);
  });

  test('exponential growth is stopped by maxNodes', () => {
    const $defs: Record<string, unknown> = { D20: { type: 'string' } };
    for (let level = 0; level < 20; level += 1) {
      const next = `#/$defs/D${level + 1}`;
      $defs[`D${level}`] = { properties: { left: { $ref: next }, right: { $ref: next } } };
    }
    const error = conversionErrorOf({ $ref: '#/$defs/D0', $defs });
    expect(error.details.reason).toBe('too-large');
    expect(error.message).toMatch(/^Schema too large: more than 100000 schema nodes/);
    expect(
      conversionErrorOf({ properties: { a: {}, b: {} } }, { maxNodes: 2 }).details.reason,
    ).toBe('too-large');
  });

  test('absurdly deep nesting is refused instead of overflowing the stack', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 5_000; level += 1) schema = { items: schema };
    const error = conversionErrorOf(schema);
    expect(error.details.reason).toBe('invalid-schema');
    expect(error.message).toMatch(/nested more than 1000 levels deep/);
  });

  test('an object graph that contains itself is refused', () => {
    const node: Record<string, unknown> = { type: 'object' };
    node.properties = { self: node };
    const error = conversionErrorOf(node);
    expect(error.details).toMatchObject({ reason: 'invalid-schema', path: '/properties/self' });
  });
});

describe('inlineRefs: non-local references are refused, never fetched', () => {
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  afterEach(() => {
    expect(fetchSpy).not.toHaveBeenCalled();
  });
  afterAll(() => {
    fetchSpy.mockRestore();
  });

  test.each([
    ['another file', 'other.json#/$defs/X'],
    ['a relative path', './common.json'],
    ['a URL', 'https://example.com/schemas/x.json'],
    ['a URL with a fragment', 'https://example.com/root.json#/$defs/X'],
    ['a URN', 'urn:example:x'],
    ['an $id name (TypeBox Type.Ref)', 'Size'],
    ['an anchor', '#size'],
  ])('%s: %s', (_name, ref) => {
    const error = conversionErrorOf({ properties: { a: { $ref: ref } }, $defs: { X: {} } });
    expect(error.details).toMatchObject({
      reason: 'non-local-reference',
      ref,
      path: '/properties/a/$ref',
    });
    expect(error.message).toBe(
      `Unsupported $ref "${ref}": only local JSON-pointer references such as "#/$defs/Name" can be inlined; other documents, URLs, $id and anchor references are never fetched (at #/properties/a/$ref)`,
    );
  });

  test('a local-looking $ref under a nested $id is refused: it means that resource', () => {
    const error = conversionErrorOf({
      properties: {
        a: { $id: 'https://example.com/a.json', properties: { b: { $ref: '#/$defs/X' } } },
      },
      $defs: { X: {} },
    });
    expect(error.details.reason).toBe('non-local-reference');
    expect(error.message).toContain('inside a subschema with its own $id');
  });

  test('a nested $id written after the $ref it governs still counts', () => {
    const error = conversionErrorOf({
      properties: {
        a: { properties: { b: { $ref: '#/$defs/X' } }, $id: 'https://example.com/a.json' },
      },
      $defs: { X: {} },
    });
    expect(error.details).toMatchObject({
      reason: 'non-local-reference',
      path: '/properties/a/properties/b/$ref',
    });
  });

  test.each(['$dynamicRef', '$recursiveRef'])('%s is refused', (keyword) => {
    const error = conversionErrorOf({ properties: { a: { [keyword]: '#' } } });
    expect(error.details).toMatchObject({
      reason: 'non-local-reference',
      path: `/properties/a/${keyword}`,
    });
  });
});

describe('inlineRefs: bad input', () => {
  test.each([
    [null, 'null'],
    [[], 'an array'],
    ['{}', 'a string'],
    [true, 'a boolean'],
  ])('%j is refused', (schema, described) => {
    const error = conversionErrorOf(schema);
    expect(error.message).toBe(`Invalid schema: expected a JSON Schema object, got ${described}`);
    expect(error.details).toStrictEqual({ reason: 'invalid-schema', path: '' });
  });

  test('the input is untouched after a failure', () => {
    const schema = {
      properties: { a: { $ref: '#/$defs/A' }, b: { $ref: '#/$defs/Gone' } },
      $defs: { A: {} },
    };
    const before = structuredClone(schema);
    conversionErrorOf(schema);
    expect(schema).toStrictEqual(before);
  });
});
