import { type OutputUnit, type Schema, Validator } from '@cfworker/json-schema';
import type { FieldModel, FormModel } from './form-model.js';
import type { FieldProblem } from './form-values.js';
import { escapePointer } from './form-values.js';
import { type JsonSchema, numberKeyword, stringKeyword } from './json-schema.js';

/** Errors that only say a child failed: the child's own error says why, where it happened. */
const SUMMARY_KEYWORDS = new Set(['properties', 'items', 'prefixItems', 'false', '$ref', 'allOf']);

/**
 * Checks `value` against a JSON Schema (draft 2020-12, no code generation) and returns one
 * problem per failing field, at the field's JSON Pointer, in words a person reads.
 *
 * @example
 * ```ts
 * validateAgainstSchema({ type: 'object', required: ['sku'] }, {});
 * // [{ pointer: '/sku', message: 'is required' }]
 * ```
 */
export function validateAgainstSchema(schema: JsonSchema, value: unknown): FieldProblem[] {
  const validator = new Validator(schema as Schema, '2020-12', false);
  const { errors } = validator.validate(value);
  const problems = errors.flatMap((error) => toProblem(schema, error));
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.pointer}\n${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function toProblem(root: JsonSchema, error: OutputUnit): FieldProblem[] {
  if (SUMMARY_KEYWORDS.has(error.keyword)) return [];
  const pointer = error.instanceLocation.replace(/^#/, '');
  const quoted = /"([^"]*)"/.exec(error.error)?.[1];
  if (error.keyword === 'required' && quoted !== undefined) {
    return [{ pointer: `${pointer}/${escapePointer(quoted)}`, message: 'is required' }];
  }
  if (error.keyword === 'additionalProperties' && quoted !== undefined) {
    return [{ pointer: `${pointer}/${escapePointer(quoted)}`, message: 'is not allowed here' }];
  }
  const schema = schemaAt(root, error.keywordLocation);
  return [{ pointer, message: messageFor(error, schema) }];
}

/** The sub-schema holding the failing keyword (`#/properties/sku/pattern` -> the sku schema). */
function schemaAt(root: JsonSchema, keywordLocation: string): JsonSchema {
  const segments = keywordLocation.replace(/^#\/?/, '').split('/').slice(0, -1);
  let current: unknown = root;
  for (const segment of segments) {
    const key = decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~');
    current = (current as Record<string, unknown> | undefined)?.[key];
  }
  return typeof current === 'object' && current !== null ? (current as JsonSchema) : {};
}

function messageFor(error: OutputUnit, schema: JsonSchema): string {
  const number = (key: string) => numberKeyword(schema, key);
  switch (error.keyword) {
    case 'type':
      return `must be ${article(String(schema.type))}`;
    case 'pattern':
      return `must match the pattern ${stringKeyword(schema, 'pattern')}`;
    case 'format':
      return `must be a valid ${stringKeyword(schema, 'format')}`;
    case 'minLength':
      return `must be at least ${number('minLength')} characters long`;
    case 'maxLength':
      return `must be at most ${number('maxLength')} characters long`;
    case 'minimum':
      return `must be at least ${number('minimum')}`;
    case 'maximum':
      return `must be at most ${number('maximum')}`;
    case 'exclusiveMinimum':
      return `must be more than ${number('exclusiveMinimum')}`;
    case 'exclusiveMaximum':
      return `must be less than ${number('exclusiveMaximum')}`;
    case 'minItems':
      return `must have at least ${number('minItems')} item(s)`;
    case 'maxItems':
      return `must have at most ${number('maxItems')} item(s)`;
    case 'enum':
      return `must be one of ${(Array.isArray(schema.enum) ? schema.enum : []).map((option) => JSON.stringify(option)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(schema.const)}`;
    default:
      return error.error.replace(/\.$/, '');
  }
}

function article(type: string): string {
  const noun = type === 'integer' ? 'whole number' : type;
  return /^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`;
}

/**
 * The pointer of the field that shows a problem at `pointer`: the pointer itself when the form
 * has a field there, else its nearest ancestor that has one (inside a JSON field, the JSON
 * field); `undefined` when no field of the form holds it (it goes in the summary only).
 *
 * @example
 * ```ts
 * fieldPointerFor(model, '/filter/a'); // '/filter' when filter is a JSON field
 * ```
 */
export function fieldPointerFor(model: FormModel, pointer: string): string | undefined {
  const segments = pointer.split('/').slice(1);
  let fields: readonly FieldModel[] = model.fields;
  let field: FieldModel | undefined;
  let reached = '';
  for (let index = 0; index < segments.length; index += 1) {
    const segment = segments[index] ?? '';
    const name = segment.replaceAll('~1', '/').replaceAll('~0', '~');
    field = fields.find((candidate) => candidate.name === name);
    if (field === undefined) return reached === '' ? undefined : reached;
    reached = `${reached}/${segment}`;
    while (field.kind === 'array' && index + 1 < segments.length) {
      index += 1;
      reached = `${reached}/${segments[index]}`;
      field = field.item;
    }
    if (field.kind !== 'object') return reached;
    fields = field.fields;
  }
  return reached === '' ? undefined : reached;
}

/**
 * The DOM id of the form field at a JSON Pointer, under a form's own prefix: stable, unique,
 * and valid as an id.
 *
 * @example
 * ```ts
 * fieldId('run', '/customer/email'); // 'run-customer-2femail'
 * ```
 */
export function fieldId(prefix: string, pointer: string): string {
  return `${prefix}-${pointer.slice(1).replace(/[^A-Za-z0-9_]/g, (character) => `-${character.charCodeAt(0).toString(16)}`)}`;
}
