import {
  isPlainObject,
  type JsonSchema,
  numberKeyword,
  stringKeyword,
  subSchema,
} from './json-schema.js';

interface FieldCommon {
  /** The property name (the label the end-to-end tests find the field by). */
  name: string;
  /** The schema's `title`, when it has one and it differs from the name. */
  title?: string;
  required: boolean;
  description?: string;
  default?: unknown;
}

/**
 * One field of a form generated from a JSON Schema. `json` is the fallback for what a form
 * cannot express (`oneOf`, `$ref`, `patternProperties`, free-form objects, ...): a JSON
 * textarea for that field alone.
 *
 * @example
 * ```ts
 * const field: FieldModel = { kind: 'boolean', name: 'inStockOnly', required: false };
 * ```
 */
export type FieldModel = FieldCommon &
  (
    | {
        kind: 'text';
        inputType: 'text' | 'email' | 'url' | 'date';
        multiline: boolean;
        pattern?: string;
        minLength?: number;
        maxLength?: number;
      }
    | { kind: 'number'; integer: boolean; minimum?: number; maximum?: number }
    | { kind: 'boolean' }
    | { kind: 'enum'; options: readonly unknown[] }
    | { kind: 'array'; item: FieldModel; minItems?: number; maxItems?: number }
    | { kind: 'object'; fields: readonly FieldModel[] }
    | { kind: 'json'; reason: string }
  );

/**
 * The form for an object schema: its fields, in the schema's order.
 *
 * @example
 * ```ts
 * const model: FormModel = { fields: [] }; // a tool without arguments
 * ```
 */
export interface FormModel {
  fields: readonly FieldModel[];
}

/** Keywords a generated field cannot honour: the field becomes a JSON textarea. */
const UNFORMABLE_KEYWORDS = [
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  '$ref',
  '$dynamicRef',
  'if',
  'patternProperties',
  'prefixItems',
  'dependentSchemas',
  'unevaluatedProperties',
];

const INPUT_TYPES: Readonly<Record<string, 'email' | 'url' | 'date'>> = {
  email: 'email',
  uri: 'url',
  url: 'url',
  date: 'date',
};

/** Longer strings get a textarea. */
const MULTILINE_FROM_LENGTH = 200;

/**
 * The form for a tool's input schema (or an elicitation's requested schema); `undefined` when
 * the root itself is not an object with properties a form can show (then only raw JSON edits it).
 *
 * @example
 * ```ts
 * buildFormModel({ type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] });
 * // { fields: [{ kind: 'text', name: 'sku', required: true, inputType: 'text', ... }] }
 * ```
 */
export function buildFormModel(schema: JsonSchema): FormModel | undefined {
  if (unformableReason(schema) !== undefined) return undefined;
  if (schema.type !== undefined && schema.type !== 'object') return undefined;
  const properties = schema.properties;
  if (properties !== undefined && !isPlainObject(properties)) return undefined;
  if (properties === undefined && isPlainObject(schema.additionalProperties)) return undefined;
  return { fields: buildFields(schema) };
}

function buildFields(schema: JsonSchema): FieldModel[] {
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(properties).map(([name, property]) =>
    buildField(name, isPlainObject(property) ? property : {}, required.has(name)),
  );
}

/**
 * The field for one property.
 *
 * @example
 * ```ts
 * buildField('count', { type: 'integer', minimum: 1 }, true);
 * // { kind: 'number', integer: true, minimum: 1, name: 'count', required: true }
 * ```
 */
export function buildField(name: string, schema: JsonSchema, required: boolean): FieldModel {
  const common = commonOf(name, schema, required);
  const reason = unformableReason(schema);
  if (reason !== undefined) return { ...common, kind: 'json', reason };
  if (Array.isArray(schema.enum)) return { ...common, kind: 'enum', options: schema.enum };
  if (schema.const !== undefined) return { ...common, kind: 'enum', options: [schema.const] };
  switch (singleType(schema)) {
    case 'string':
      return { ...common, ...textOf(schema) };
    case 'number':
    case 'integer':
      return { ...common, ...numberOf(schema) };
    case 'boolean':
      return { ...common, kind: 'boolean' };
    case 'array':
      return arrayOf(common, schema);
    case 'object':
      return objectOf(common, schema);
    default:
      return { ...common, kind: 'json', reason: 'no single type' };
  }
}

function commonOf(name: string, schema: JsonSchema, required: boolean): FieldCommon {
  const common: FieldCommon = { name, required };
  const title = stringKeyword(schema, 'title');
  if (title !== undefined && title !== name) common.title = title;
  const description = stringKeyword(schema, 'description');
  if (description !== undefined && description !== '') common.description = description;
  if (schema.default !== undefined) common.default = schema.default;
  return common;
}

function unformableReason(schema: JsonSchema): string | undefined {
  const keyword = UNFORMABLE_KEYWORDS.find((key) => schema[key] !== undefined);
  return keyword === undefined ? undefined : `uses ${keyword}`;
}

/** `type`, with a nullable pair (`['string', 'null']`) read as its non-null type. */
function singleType(schema: JsonSchema): string | undefined {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (!Array.isArray(type)) return undefined;
  const types = type.filter((entry) => entry !== 'null');
  return types.length === 1 && typeof types[0] === 'string' ? types[0] : undefined;
}

function textOf(schema: JsonSchema) {
  const format = stringKeyword(schema, 'format');
  const maxLength = numberKeyword(schema, 'maxLength');
  return withDefined({
    kind: 'text' as const,
    inputType: (format !== undefined ? INPUT_TYPES[format] : undefined) ?? ('text' as const),
    multiline: maxLength !== undefined && maxLength >= MULTILINE_FROM_LENGTH,
    pattern: stringKeyword(schema, 'pattern'),
    minLength: numberKeyword(schema, 'minLength'),
    maxLength,
  });
}

function numberOf(schema: JsonSchema) {
  return withDefined({
    kind: 'number' as const,
    integer: singleType(schema) === 'integer',
    minimum: numberKeyword(schema, 'minimum'),
    maximum: numberKeyword(schema, 'maximum'),
  });
}

function arrayOf(common: FieldCommon, schema: JsonSchema): FieldModel {
  const items = subSchema(schema, 'items');
  if (items === undefined) return { ...common, kind: 'json', reason: 'items of any shape' };
  return withDefined({
    ...common,
    kind: 'array' as const,
    item: buildField('item', items, true),
    minItems: numberKeyword(schema, 'minItems'),
    maxItems: numberKeyword(schema, 'maxItems'),
  });
}

function objectOf(common: FieldCommon, schema: JsonSchema): FieldModel {
  const free = !isPlainObject(schema.properties) || isPlainObject(schema.additionalProperties);
  if (free) return { ...common, kind: 'json', reason: 'free-form object' };
  return { ...common, kind: 'object', fields: buildFields(schema) };
}

/** The object without its `undefined` entries (optional keywords the schema leaves out). */
function withDefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
