import { createRequire } from 'node:module';
import type { FieldError } from '@apcore-mcp/core';
import { copyJson, isRecord } from '@apcore-mcp/core/bridge';
import type { Ajv, ErrorObject, Options } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';

/** ajv and ajv-formats are CommonJS: `require` loads them on first use, synchronously. */
const requireCommonJs = createRequire(import.meta.url);

/** Checks one value; returns the failing fields (empty when valid; never to be changed). */
export type SchemaCheck = (data: unknown) => readonly FieldError[];

/** What every passing check answers: one shared empty list rather than a new one per check. */
const NO_ERRORS: readonly FieldError[] = Object.freeze([]);

const AJV_OPTIONS: Options = {
  allErrors: true,
  // Module schemas come from everywhere: unknown keywords and formats must not break calls.
  strict: false,
  logger: false,
};

/** Field name of the root value itself (a root that is not an object, say). */
export const ROOT_FIELD = '(root)';

/** One segment of a JSON pointer, its `~1` and `~0` escapes decoded. */
export function decodePointerSegment(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

function readParam(error: ErrorObject, name: string): string | null {
  const value = (error.params as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : null;
}

/** One ajv error as `{ field, code, message }`, the field a dotted path (`items.0.name`). */
export function toFieldError(error: ErrorObject): FieldError {
  const segments = error.instancePath.split('/').slice(1).map(decodePointerSegment);
  let message = error.message ?? 'is invalid';
  const missing = readParam(error, 'missingProperty');
  const additional = readParam(error, 'additionalProperty');
  if (missing !== null && (error.keyword === 'required' || error.keyword === 'dependentRequired')) {
    segments.push(missing);
    message = 'is required';
  } else if (additional !== null && error.keyword === 'additionalProperties') {
    segments.push(additional);
    message = 'is not allowed';
  }
  const field = segments.length === 0 ? ROOT_FIELD : segments.join('.');
  return { field, code: error.keyword, message };
}

/** The ajv errors as field errors, one per field (the first error of a field wins). */
export function toFieldErrors(errors: readonly ErrorObject[]): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const error of errors) {
    const fieldError = toFieldError(error);
    if (!byField.has(fieldError.field)) byField.set(fieldError.field, fieldError);
  }
  return [...byField.values()];
}

/**
 * A new ajv for one draft, with the formats. ajv is loaded here rather than on import: nothing
 * compiles a schema before the first call, and loading it costs every process's startup.
 */
function createAjv(draft2020: boolean): Ajv | Ajv2020 {
  const ajv = draft2020
    ? new (requireCommonJs('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')).Ajv2020(
        AJV_OPTIONS,
      )
    : new (requireCommonJs('ajv') as typeof import('ajv')).Ajv(AJV_OPTIONS);
  const formats = requireCommonJs('ajv-formats') as { default?: unknown };
  // Its plugin function is the module itself, or sits on `default`.
  const addFormats = (formats.default ?? formats) as (instance: Ajv | Ajv2020) => unknown;
  addFormats(ajv);
  return ajv;
}

const sharedAjv: { draft07?: Ajv | Ajv2020; draft2020?: Ajv | Ajv2020 } = {};

/** One ajv instance per draft, created on first use. */
function getAjv(draft2020: boolean): Ajv | Ajv2020 {
  const key = draft2020 ? 'draft2020' : 'draft07';
  sharedAjv[key] ??= createAjv(draft2020);
  return sharedAjv[key];
}

/**
 * Compiles a JSON Schema into a {@link SchemaCheck}. The schema is deep-copied first, so ajv
 * never touches the caller's object; `$schema` picks draft 2020-12 or draft-07 (the default).
 * The compiled function keeps working after the schema is dropped from ajv's registry, which
 * is done at once so that schemas sharing an `$id` never collide and nothing accumulates.
 * An empty schema (`{}`) accepts everything without compiling. ajv is loaded by the first
 * compilation, not on import.
 *
 * @throws Error when ajv cannot compile the schema (a broken `$ref`, an invalid keyword value).
 * @example
 * ```ts
 * const check = compileSchema({ type: 'object', required: ['name'] });
 * check({}); // [{ field: 'name', code: 'required', message: 'is required' }]
 * ```
 */
export function compileSchema(schema: unknown): SchemaCheck {
  if (!isRecord(schema) || Object.keys(schema).length === 0) return () => NO_ERRORS;
  const copy = copyJson(schema);
  const draft = typeof copy.$schema === 'string' ? copy.$schema : '';
  delete copy.$schema;
  const ajv = getAjv(draft.includes('2020-12'));
  let validate: ReturnType<typeof ajv.compile>;
  try {
    validate = ajv.compile(copy);
  } finally {
    ajv.removeSchema(copy);
  }
  return (data) => (validate(data) ? NO_ERRORS : toFieldErrors(validate.errors ?? []));
}
