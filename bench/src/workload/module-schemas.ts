import type { JsonSchema } from '@apcore-mcp/core';

/**
 * The schemas of the workload's modules. Every module takes the same shape of input: ten
 * properties of mixed types, two of them nested models (`Person`, `Address`) reached through
 * `$defs`/`$ref`, `Person` itself pointing at `Address`. Each schema is built fresh, so no two
 * modules share an object (as with modules written in separate files).
 *
 * The shapes stay within OpenAI's strict mode (no `minLength` and the like), so the strict
 * figures measure conversion, not modules being skipped.
 */

function addressSchema(): JsonSchema {
  return {
    type: 'object',
    description: 'A postal address',
    properties: {
      street: { type: 'string', description: 'Street and number' },
      city: { type: 'string' },
      postcode: { type: 'string', pattern: '^[0-9A-Z -]{3,10}$' },
      country: { type: 'string', enum: ['DE', 'FR', 'GB', 'US'] },
    },
    required: ['street', 'city'],
    additionalProperties: false,
  };
}

function personSchema(address: JsonSchema): JsonSchema {
  return {
    type: 'object',
    description: 'Who owns the record',
    properties: {
      name: { type: 'string' },
      email: { type: 'string', format: 'email' },
      address,
    },
    required: ['name'],
    additionalProperties: false,
  };
}

/** The eight plain properties; `index` varies a description so modules are not identical. */
function plainProperties(index: number): Record<string, JsonSchema> {
  return {
    id: { type: 'string', description: `Id of a record in set ${index}` },
    count: { type: 'integer', minimum: 0, maximum: 1000 },
    ratio: { type: 'number', description: 'A share between 0 and 1', minimum: 0, maximum: 1 },
    enabled: { type: 'boolean', default: false },
    mode: { type: 'string', enum: ['fast', 'safe', 'full'] },
    labels: { type: 'array', items: { type: 'string' }, maxItems: 10 },
    when: { type: 'string', format: 'date-time' },
    note: { type: ['string', 'null'], description: 'Free text, or null' },
  };
}

/**
 * The input schema of module `index` as a module author writes it: the nested models under
 * `$defs`, used through `$ref`.
 *
 * @example
 * ```ts
 * inputSchemaWithRefs(3).properties.owner; // { $ref: '#/$defs/Person' }
 * ```
 */
export function inputSchemaWithRefs(index: number): JsonSchema {
  return {
    type: 'object',
    properties: {
      ...plainProperties(index),
      owner: { $ref: '#/$defs/Person' },
      shipTo: { $ref: '#/$defs/Address' },
    },
    required: ['id'],
    additionalProperties: false,
    $defs: {
      Address: addressSchema(),
      Person: personSchema({ $ref: '#/$defs/Address' }),
    },
  };
}

/**
 * The same input schema with every `$ref` already replaced by its target: what the hand-written
 * baseline server hard-codes, written out here rather than computed by the converter under test.
 *
 * @example
 * ```ts
 * inputSchemaInlined(3).properties.shipTo.type; // 'object'
 * ```
 */
export function inputSchemaInlined(index: number): JsonSchema {
  return {
    type: 'object',
    properties: {
      ...plainProperties(index),
      owner: personSchema(addressSchema()),
      shipTo: addressSchema(),
    },
    required: ['id'],
    additionalProperties: false,
  };
}

/**
 * The output schema every workload module declares (so tools carry an `outputSchema` and calls
 * answer with `structuredContent`, in ours and in the baseline alike).
 *
 * @example
 * ```ts
 * outputSchema().required; // ['ok', 'id']
 * ```
 */
export function outputSchema(): JsonSchema {
  return {
    type: 'object',
    properties: { ok: { type: 'boolean' }, id: { type: 'string' } },
    required: ['ok', 'id'],
  };
}
