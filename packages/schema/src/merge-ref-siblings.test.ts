import { describe, expect, test } from 'vitest';
import { inlineRefs } from './inline-refs.js';

describe('inlineRefs: keywords next to a $ref', () => {
  const $defs = {
    Size: { type: 'integer', minimum: 1, description: 'A size' },
    Box: { type: 'object', properties: { w: { type: 'number' } }, additionalProperties: false },
    // biome-ignore lint/suspicious/noThenProperty: `then` is a JSON Schema keyword here
    Conditional: { if: { required: ['a'] }, then: { required: ['b'] } },
  };

  test('annotations next to a $ref win over the target', () => {
    const schema = {
      properties: { s: { $ref: '#/$defs/Size', description: 'Width', default: 3, 'x-unit': 'px' } },
      $defs,
    };
    expect(inlineRefs(schema)).toStrictEqual({
      properties: {
        s: { type: 'integer', minimum: 1, description: 'Width', default: 3, 'x-unit': 'px' },
      },
    });
  });

  test('assertions that do not overlap are merged', () => {
    const schema = { properties: { s: { $ref: '#/$defs/Size', maximum: 10 } }, $defs };
    expect(inlineRefs(schema)).toStrictEqual({
      properties: { s: { type: 'integer', minimum: 1, description: 'A size', maximum: 10 } },
    });
  });

  test('assertions equal on both sides are merged once', () => {
    const schema = { properties: { s: { $ref: '#/$defs/Size', type: 'integer' } }, $defs };
    expect(inlineRefs(schema)).toStrictEqual({ properties: { s: $defs.Size } });
  });

  test('conflicting assertions are kept apart under allOf, annotations outside', () => {
    const schema = {
      properties: { s: { $ref: '#/$defs/Size', minimum: 5, title: 'Big size' } },
      $defs,
    };
    expect(inlineRefs(schema)).toStrictEqual({
      properties: { s: { title: 'Big size', allOf: [$defs.Size, { minimum: 5 }] } },
    });
  });

  test('properties next to a target with additionalProperties stay apart', () => {
    const schema = {
      properties: { b: { $ref: '#/$defs/Box', properties: { h: { type: 'number' } } } },
      $defs,
    };
    expect(inlineRefs(schema)).toStrictEqual({
      properties: { b: { allOf: [$defs.Box, { properties: { h: { type: 'number' } } }] } },
    });
  });

  test('else next to a target with if/then stays apart', () => {
    const schema = { properties: { c: { $ref: '#/$defs/Conditional', else: false } }, $defs };
    expect(inlineRefs(schema)).toStrictEqual({
      properties: { c: { allOf: [$defs.Conditional, { else: false }] } },
    });
  });

  test('unevaluatedProperties next to a target with properties stays apart', () => {
    const schema = {
      properties: { b: { $ref: '#/$defs/Size', unevaluatedProperties: false, properties: {} } },
      $defs: { Size: { type: 'object', properties: { w: true } } },
    };
    expect(inlineRefs(schema)).toStrictEqual({
      properties: {
        b: {
          allOf: [
            { type: 'object', properties: { w: true } },
            { unevaluatedProperties: false, properties: {} },
          ],
        },
      },
    });
  });

  test('siblings of a $ref to true or false', () => {
    const schema = {
      properties: {
        t: { $ref: '#/$defs/T', description: 'anything' },
        f: { $ref: '#/$defs/F', description: 'nothing' },
      },
      $defs: { T: true, F: false },
    };
    expect(inlineRefs(schema)).toStrictEqual({
      properties: { t: { description: 'anything' }, f: { not: {}, description: 'nothing' } },
    });
  });

  test('$ref inside a sibling keyword is inlined too', () => {
    const schema = {
      properties: { b: { $ref: '#/$defs/Size', not: { $ref: '#/$defs/Zero' } } },
      $defs: { Size: { type: 'integer' }, Zero: { const: 0 } },
    };
    expect(inlineRefs(schema)).toStrictEqual({
      properties: { b: { type: 'integer', not: { const: 0 } } },
    });
  });
});
