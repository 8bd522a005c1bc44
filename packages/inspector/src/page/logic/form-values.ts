import type { FieldModel, FormModel } from './form-model.js';
import { formatJson, isPlainObject } from './json-schema.js';
import { parseJson } from './parse-json.js';

/**
 * What the form holds for one field: the raw text of a text, number, enum (the option's index)
 * or JSON field; a boolean for a required boolean (a checkbox); `''`, `'true'` or `'false'` for
 * an optional one (a three-way select); a list for an array; a record for an object.
 *
 * @example
 * ```ts
 * const values: FieldValue = { sku: 'MUG-001', quantity: '2' };
 * ```
 */
export type FieldValue = string | boolean | FieldValue[] | { [key: string]: FieldValue };

/**
 * The values of a whole form, by property name.
 *
 * @example
 * ```ts
 * const values: FormValues = { sku: 'MUG-001' };
 * ```
 */
export type FormValues = { [key: string]: FieldValue };

/**
 * A value the form cannot turn into arguments, at a JSON Pointer (`/items/0/quantity`).
 *
 * @example
 * ```ts
 * const problem: FieldProblem = { pointer: '/quantity', message: 'must be a number' };
 * ```
 */
export interface FieldProblem {
  pointer: string;
  message: string;
}

/**
 * The form's first values: each field's `default`, empty otherwise (and `minItems` empty items).
 *
 * @example
 * ```ts
 * initialFormValues(buildFormModel({ type: 'object', properties: { n: { type: 'integer', default: 10 } } })!);
 * // { n: '10' }
 * ```
 */
export function initialFormValues(model: FormModel): FormValues {
  return objectValues(model.fields, undefined, true);
}

/**
 * The form values showing `args`; `undefined` when the form cannot show them (a key the schema
 * does not declare, a value of another type), so the caller keeps editing them as raw JSON.
 *
 * @example
 * ```ts
 * formValuesFromArguments(model, { sku: 'MUG-001' }); // { sku: 'MUG-001' }
 * formValuesFromArguments(model, { nope: 1 }); // undefined
 * ```
 */
export function formValuesFromArguments(model: FormModel, args: unknown): FormValues | undefined {
  if (!isPlainObject(args) || !fitsObject(model.fields, args)) return undefined;
  return objectValues(model.fields, args, false);
}

/**
 * The arguments the form's values mean: types coerced (numbers parsed, enum options looked
 * up, JSON fields parsed), empty optional fields left out; with the values it cannot read.
 *
 * @example
 * ```ts
 * formValuesToArguments(model, { sku: 'MUG-001', quantity: '2', note: '' });
 * // { arguments: { sku: 'MUG-001', quantity: 2 }, problems: [] }
 * ```
 */
export function formValuesToArguments(
  model: FormModel,
  values: FormValues,
): { arguments: Record<string, unknown>; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const args = objectArguments(model.fields, values, '', problems) ?? {};
  return { arguments: args, problems };
}

function objectValues(
  fields: readonly FieldModel[],
  value: Record<string, unknown> | undefined,
  useDefaults: boolean,
): FormValues {
  return Object.fromEntries(
    fields.map((field) => [field.name, fieldValue(field, value?.[field.name], useDefaults)]),
  );
}

function fieldValue(field: FieldModel, given: unknown, useDefaults: boolean): FieldValue {
  const value = given === undefined && useDefaults ? field.default : given;
  switch (field.kind) {
    case 'text':
      return typeof value === 'string' ? value : '';
    case 'number':
      return typeof value === 'number' ? String(value) : '';
    case 'boolean':
      if (field.required) return value === true;
      return typeof value === 'boolean' ? String(value) : '';
    case 'enum': {
      const index = optionIndex(field.options, value);
      return index < 0 ? '' : String(index);
    }
    case 'array': {
      const items = Array.isArray(value) ? value : [];
      const count = Math.max(items.length, useDefaults ? (field.minItems ?? 0) : 0);
      return Array.from({ length: count }, (_, index) =>
        fieldValue(field.item, items[index], useDefaults),
      );
    }
    case 'object':
      return objectValues(field.fields, isPlainObject(value) ? value : undefined, useDefaults);
    case 'json':
      return value === undefined ? '' : formatJson(value);
  }
}

function optionIndex(options: readonly unknown[], value: unknown): number {
  if (value === undefined) return -1;
  const wanted = JSON.stringify(value);
  return options.findIndex((option) => JSON.stringify(option) === wanted);
}

function fitsObject(fields: readonly FieldModel[], value: Record<string, unknown>): boolean {
  const byName = new Map(fields.map((field) => [field.name, field]));
  return Object.entries(value).every(([key, entry]) => {
    const field = byName.get(key);
    return field !== undefined && fits(field, entry);
  });
}

function fits(field: FieldModel, value: unknown): boolean {
  switch (field.kind) {
    case 'text':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && (!field.integer || Number.isInteger(value));
    case 'boolean':
      return typeof value === 'boolean';
    case 'enum':
      return optionIndex(field.options, value) >= 0;
    case 'array':
      return Array.isArray(value) && value.every((item) => fits(field.item, item));
    case 'object':
      return isPlainObject(value) && fitsObject(field.fields, value);
    case 'json':
      return true;
  }
}

function objectArguments(
  fields: readonly FieldModel[],
  values: { [key: string]: FieldValue },
  pointer: string,
  problems: FieldProblem[],
): Record<string, unknown> | undefined {
  const entries = fields.flatMap((field) => {
    const value = values[field.name];
    if (value === undefined) return [];
    const argument = fieldArgument(
      field,
      value,
      `${pointer}/${escapePointer(field.name)}`,
      problems,
    );
    return argument === undefined ? [] : [[field.name, argument] as const];
  });
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
}

function fieldArgument(
  field: FieldModel,
  value: FieldValue,
  pointer: string,
  problems: FieldProblem[],
): unknown {
  switch (field.kind) {
    case 'text':
      return typeof value === 'string' && value !== '' ? value : undefined;
    case 'number':
      return numberArgument(field.integer, value, pointer, problems);
    case 'boolean':
      if (typeof value === 'boolean') return value;
      return value === '' ? undefined : value === 'true';
    case 'enum':
      return typeof value === 'string' && value !== '' ? field.options[Number(value)] : undefined;
    case 'array':
      return arrayArgument(field, value, pointer, problems);
    case 'object': {
      if (!isPlainObject(value)) return undefined;
      const object = objectArguments(field.fields, value, pointer, problems);
      return object ?? (field.required ? {} : undefined);
    }
    case 'json':
      return jsonArgument(value, pointer, problems);
  }
}

function numberArgument(
  integer: boolean,
  value: FieldValue,
  pointer: string,
  problems: FieldProblem[],
): number | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const number = Number(value);
  if (!Number.isFinite(number)) problems.push({ pointer, message: 'must be a number' });
  else if (integer && !Number.isInteger(number)) {
    problems.push({ pointer, message: 'must be a whole number' });
  }
  return Number.isFinite(number) ? number : undefined;
}

function arrayArgument(
  field: Extract<FieldModel, { kind: 'array' }>,
  value: FieldValue,
  pointer: string,
  problems: FieldProblem[],
): unknown[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const items = value.map((item, index) =>
    // An empty text item of a list is an empty string, not a hole.
    field.item.kind === 'text' && item === ''
      ? ''
      : fieldArgument(field.item, item, `${pointer}/${index}`, problems),
  );
  const present = items.filter((item) => item !== undefined);
  return present.length === 0 && !field.required ? undefined : present;
}

function jsonArgument(value: FieldValue, pointer: string, problems: FieldProblem[]): unknown {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const parsed = parseJson(value);
  if (!parsed.ok) problems.push({ pointer, message: `is not valid JSON: ${parsed.message}` });
  return parsed.ok ? parsed.value : undefined;
}

/**
 * One JSON Pointer segment: `~` as `~0`, `/` as `~1`.
 *
 * @example
 * ```ts
 * escapePointer('a/b'); // 'a~1b'
 * ```
 */
export function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/**
 * A new item's values: the field's default, or empty (what "Add" puts in a list).
 *
 * @example
 * ```ts
 * newFieldValue({ kind: 'object', name: 'item', required: true, fields: [...] }); // { sku: '', quantity: '' }
 * ```
 */
export function newFieldValue(field: FieldModel): FieldValue {
  return fieldValue(field, undefined, true);
}
