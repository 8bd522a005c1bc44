import type { ErrorObject } from 'ajv';
import { loadMetaSchemaValidators, type MetaSchemaValidator } from './meta-schema-validators.js';
import { decodePointerSegment } from './schema-validator.js';

/**
 * One way a JSON Schema breaks its meta-schema: where, and what would be valid there.
 *
 * @example
 * ```ts
 * const problem: SchemaProblem = { pointer: '/required', message: 'must be array (got "x")' };
 * ```
 */
export interface SchemaProblem {
  /** The JSON pointer, inside the schema, of the value at fault (`''` for the schema itself). */
  readonly pointer: string;
  /** What would be valid there, in words, with the value found. */
  readonly message: string;
}

/** The meta-schemas a schema is checked against, by what its `$schema` names. */
const DIALECTS = [
  { marker: '2020-12', validator: 'draft2020' },
  { marker: 'draft-07', validator: 'draft07' },
] as const;

/** Errors that only say "no branch matched": the branches' own errors say what would. */
const SUMMARY_KEYWORDS = new Set(['anyOf', 'oneOf', 'allOf', 'if', '$ref', '$dynamicRef']);

/** Longest rendering of the value found at a pointer. */
const MAX_VALUE_LENGTH = 40;

/**
 * Schemas that passed their meta-schema once and can no longer change (frozen throughout):
 * checking them again could only give the same answer.
 */
const CHECKED = new WeakSet<object>();

/**
 * Freezes `schema` throughout and records that it passed its meta-schema, so that
 * {@link findSchemaProblems} answers `[]` for it at once. For schemas the runtime owns and has
 * seen pass: the module cache's copies, from an entry that recorded the verdict (checking the
 * schemas of a thousand modules again took about 8% of a cached start).
 *
 * @example
 * ```ts
 * if (findSchemaProblems(copy).length === 0) markSchemaChecked(copy);
 * ```
 */
export function markSchemaChecked(schema: object): void {
  deepFreeze(schema);
  CHECKED.add(schema);
}

function deepFreeze(value: object): void {
  Object.freeze(value);
  for (const child of Object.values(value)) {
    if (typeof child === 'object' && child !== null) deepFreeze(child);
  }
}

/**
 * Checks a JSON Schema against its meta-schema: draft 2020-12 (the dialect MCP assumes when
 * `$schema` is absent) or draft-07 when `$schema` names it. A schema declaring another dialect
 * is not checked (`[]`). Each problem names the JSON pointer of the value at fault and what
 * would be valid there, one problem per pointer. The meta-schemas' validators are loaded once
 * per process, by the first call (see `loadMetaSchemaValidators`).
 *
 * @example
 * ```ts
 * findSchemaProblems({ type: 'object', properties: { x: { type: 'nmber' } } });
 * // [{ pointer: '/properties/x/type',
 * //    message: 'must be equal to one of the allowed values: array, boolean, integer, null, number, object, string, or must be array (got "nmber")' }]
 * ```
 */
export function findSchemaProblems(schema: unknown): SchemaProblem[] {
  if (typeof schema === 'object' && schema !== null && CHECKED.has(schema)) return [];
  const validate = metaSchemaOf(schema);
  if (validate === undefined || validate(schema) === true) return [];
  return describeProblems(validate.errors ?? [], schema);
}

function metaSchemaOf(schema: unknown): MetaSchemaValidator | undefined {
  const declared = (schema as { $schema?: unknown } | null)?.$schema;
  const dialect =
    typeof declared === 'string'
      ? DIALECTS.find(({ marker }) => declared.includes(marker))
      : DIALECTS[0];
  return dialect === undefined ? undefined : loadMetaSchemaValidators()[dialect.validator];
}

function describeProblems(errors: readonly ErrorObject[], schema: unknown): SchemaProblem[] {
  const byPointer = new Map<string, ErrorObject[]>();
  for (const error of errors) {
    const group = byPointer.get(error.instancePath);
    if (group === undefined) byPointer.set(error.instancePath, [error]);
    else group.push(error);
  }
  return [...byPointer].map(([pointer, group]) => {
    const specific = group.filter((error) => !SUMMARY_KEYWORDS.has(error.keyword));
    const messages = new Set((specific.length > 0 ? specific : group).map(describeError));
    const found = describeValueAt(schema, pointer);
    const message = [...messages].join(', or ');
    return { pointer, message: found === undefined ? message : `${message} (got ${found})` };
  });
}

function describeError(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    const values = params.allowedValues.map((value) =>
      typeof value === 'string' ? value : JSON.stringify(value),
    );
    return `must be equal to one of the allowed values: ${values.join(', ')}`;
  }
  if (error.keyword === 'type') {
    const types = Array.isArray(params.type) ? params.type : [params.type];
    return `must be ${types.join(' or ')}`;
  }
  return error.message ?? 'is invalid';
}

/** The value at `pointer` inside `schema`, as short JSON; `undefined` when there is none. */
function describeValueAt(schema: unknown, pointer: string): string | undefined {
  let value = schema;
  for (const segment of pointer.split('/').slice(1)) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[decodePointerSegment(segment)];
  }
  if (value === undefined) return undefined;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}
