import type { JsonSchema } from '@apcore-mcp/core';
import { type GroupAction, propertiesOf, requiredFieldsOf } from './group-action.js';
import { stableJson } from './stable-json.js';
import { tagFieldDescription } from './tag-field-description.js';

/**
 * The name of the field that selects the action of a grouped tool.
 *
 * @example
 * ```ts
 * await client.callTool({ name: 'orders', arguments: { [ACTION_FIELD]: 'place_order', item: 'pen' } });
 * ```
 */
export const ACTION_FIELD = 'action';

/** What is collected about one field name across the actions. */
interface FieldRecord {
  usedBy: string[];
  requiredBy: string[];
  /** The first description met (first declaration wins). */
  description: string | undefined;
  /** The distinct schemas declared for it, without their descriptions, keyed by stable JSON. */
  variants: Map<string, JsonSchema>;
}

function withoutDescription(schema: JsonSchema): JsonSchema {
  const { description: _description, ...rest } = schema;
  return rest;
}

function collectFields(actions: readonly GroupAction[]): Map<string, FieldRecord> {
  const fields = new Map<string, FieldRecord>();
  for (const { action, inputSchema } of actions) {
    const required = new Set(requiredFieldsOf(inputSchema));
    for (const [name, schema] of Object.entries(propertiesOf(inputSchema))) {
      if (name === ACTION_FIELD) continue;
      let record = fields.get(name);
      if (record === undefined) {
        const description = typeof schema.description === 'string' ? schema.description : undefined;
        record = { usedBy: [], requiredBy: [], description, variants: new Map() };
        fields.set(name, record);
      }
      record.usedBy.push(action);
      if (required.has(name)) record.requiredBy.push(action);
      const variant = withoutDescription(schema);
      record.variants.set(stableJson(variant), variant);
    }
  }
  return fields;
}

/**
 * One merged field: the shared schema when every action declares the same one, else `anyOf`
 * of the distinct variants (each still validated per action at call time); the description
 * carries the field's tier.
 */
function mergeField(record: FieldRecord, actionCount: number): JsonSchema {
  const description = tagFieldDescription(record.description, { ...record, actionCount });
  const variants = [...record.variants.values()];
  const [only] = variants;
  if (variants.length === 1 && only !== undefined) return { ...only, description };
  return { anyOf: variants, description };
}

/**
 * The input schema of a grouped tool: a required `action` enum of the action names, then every
 * field of every action (in first-declaration order), its description tagged with its tier (see
 * `fieldTier`). A field two actions declare differently becomes `anyOf` of the variants. Only
 * `action` and the fields every action requires are `required`; unknown fields are refused
 * (`additionalProperties: false`). A field named `action` in a module schema is left out: the
 * discriminator owns that name.
 *
 * @example
 * ```ts
 * mergeActionSchemas([
 *   { action: 'get', moduleId: 'orders.get', description: '', inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
 *   { action: 'list', moduleId: 'orders.list', description: '', inputSchema: { type: 'object', properties: {} } },
 * ]);
 * // { type: 'object', properties: { action: { type: 'string', enum: ['get', 'list'], ... },
 * //   id: { type: 'string', description: 'Required for: get' } }, required: ['action'], ... }
 * ```
 */
export function mergeActionSchemas(actions: readonly GroupAction[]): JsonSchema {
  const names = actions.map((entry) => entry.action);
  const properties: Record<string, JsonSchema> = {
    [ACTION_FIELD]: {
      type: 'string',
      enum: names,
      description: `The operation to run: ${names.join(', ')}`,
    },
  };
  const required = [ACTION_FIELD];
  for (const [name, record] of collectFields(actions)) {
    properties[name] = mergeField(record, actions.length);
    if (record.requiredBy.length === actions.length) required.push(name);
  }
  return { type: 'object', properties, required, additionalProperties: false };
}
