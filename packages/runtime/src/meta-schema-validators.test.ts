import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  generateMetaSchemaCode,
  loadMetaSchemaValidators,
  type MetaSchemaValidator,
} from './meta-schema-validators.js';

/** Runs one file of standalone code as Node would load it from `dist`. */
function evaluate(code: string): Record<string, MetaSchemaValidator> {
  const module = { exports: {} as Record<string, MetaSchemaValidator> };
  new Function('module', 'exports', 'require', code)(
    module,
    module.exports,
    createRequire(import.meta.url),
  );
  return module.exports;
}

const SCHEMAS = [
  { type: 'object', properties: { x: { type: 'nmber', minimum: 'five' } }, required: 'x' },
  { type: 'object', properties: { a: { type: ['string', 'null'] } }, $defs: { b: { enum: 1 } } },
  { $schema: 'http://json-schema.org/draft-07/schema#', items: [{ type: 'string' }] },
  { items: [{ type: 'string' }], dependentRequired: { a: 'b' } },
];

describe('the meta-schema validators the build writes', () => {
  it('find what ajv compiling the meta-schemas finds, in both dialects', () => {
    const code = generateMetaSchemaCode();
    expect(Object.keys(code).sort()).toEqual([
      'meta-schema-2020-12.cjs',
      'meta-schema-draft-07.cjs',
    ]);
    const standalone = {
      draft2020: evaluate(code['meta-schema-2020-12.cjs'] ?? '').draft2020,
      draft07: evaluate(code['meta-schema-draft-07.cjs'] ?? '').draft07,
    };
    const compiled = loadMetaSchemaValidators();
    for (const dialect of ['draft2020', 'draft07'] as const) {
      for (const schema of SCHEMAS) {
        const built = standalone[dialect];
        expect(built?.(schema), `${dialect} ${JSON.stringify(schema)}`).toBe(
          compiled[dialect](schema),
        );
        expect(built?.errors ?? null).toEqual(compiled[dialect].errors ?? null);
      }
    }
  });
});
