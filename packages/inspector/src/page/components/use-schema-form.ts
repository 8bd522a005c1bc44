import { useMemo, useState } from 'preact/hooks';
import { buildFormModel, type FormModel } from '../logic/form-model.js';
import {
  type FieldProblem,
  type FormValues,
  formValuesFromArguments,
  formValuesToArguments,
  initialFormValues,
} from '../logic/form-values.js';
import { formatJson, type JsonSchema } from '../logic/json-schema.js';
import { parseJson } from '../logic/parse-json.js';
import { fieldPointerFor, validateAgainstSchema } from '../logic/validate.js';

/** A summary entry: the message, and the pointer of the field it belongs to (if the form has one). */
export interface SummaryEntry {
  pointer: string;
  fieldPointer: string | undefined;
  message: string;
}

/**
 * The state of a form generated from a schema: form values or raw JSON (kept in sync both ways
 * when possible), and the problems found on the last submit.
 *
 * @example
 * ```ts
 * const form = useSchemaForm(tool.inputSchema);
 * const args = form.collect(); // undefined while invalid
 * ```
 */
export function useSchemaForm(schema: JsonSchema) {
  const model = useMemo(() => buildFormModel(schema), [schema]);
  const [values, setValues] = useState<FormValues>(() =>
    model === undefined ? {} : initialFormValues(model),
  );
  const [raw, setRaw] = useState<string | undefined>(() =>
    model === undefined ? '{}' : undefined,
  );
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const [problems, setProblems] = useState<SummaryEntry[]>([]);

  const toRaw = () => {
    if (model === undefined) return;
    setRaw(formatJson(formValuesToArguments(model, values).arguments));
    setNotice(undefined);
  };
  const toForm = () => {
    if (model === undefined || raw === undefined) return;
    const next = rawToFormValues(model, raw);
    if (typeof next === 'string') return setNotice(next);
    setValues(next);
    setRaw(undefined);
    setNotice(undefined);
  };

  /** The arguments to send, or `undefined` after recording why they cannot be sent. */
  const collect = (): Record<string, unknown> | undefined => {
    const { value, entries } = checkArguments(schema, model, values, raw);
    setProblems(entries);
    return entries.length === 0 ? (value as Record<string, unknown>) : undefined;
  };

  const errors = errorsByField(problems);
  return {
    model,
    values,
    setValues,
    raw,
    setRaw,
    notice,
    toRaw,
    toForm,
    collect,
    problems,
    errors,
  };
}

function readArguments(
  model: ReturnType<typeof buildFormModel>,
  values: FormValues,
  raw: string | undefined,
): { value: unknown; found: FieldProblem[] } {
  if (raw !== undefined || model === undefined) {
    const parsed = parseJson(raw ?? '{}');
    if (!parsed.ok)
      return {
        value: undefined,
        found: [{ pointer: '', message: `Raw JSON is not valid: ${parsed.message}` }],
      };
    return { value: parsed.value, found: [] };
  }
  const { arguments: args, problems } = formValuesToArguments(model, values);
  return { value: problems.length === 0 ? args : undefined, found: problems };
}

/** The form values for raw JSON, or why the form cannot show it. */
function rawToFormValues(model: FormModel, raw: string): FormValues | string {
  const parsed = parseJson(raw);
  if (!parsed.ok)
    return `The JSON is not valid (${parsed.message}): fix it to go back to the form.`;
  return (
    formValuesFromArguments(model, parsed.value) ??
    'The form cannot show these arguments: keep editing them as JSON.'
  );
}

/** One message per field, the first found; a nested value's message names its path. */
function errorsByField(problems: readonly SummaryEntry[]): Map<string, string> {
  const errors = new Map<string, string>();
  for (const entry of problems) {
    if (entry.fieldPointer === undefined || errors.has(entry.fieldPointer)) continue;
    const exact = entry.fieldPointer === entry.pointer;
    errors.set(
      entry.fieldPointer,
      exact ? entry.message : `${entry.pointer.slice(1)} ${entry.message}`,
    );
  }
  return errors;
}

/** The arguments the form (or raw JSON) holds, and every problem found in them. */
function checkArguments(
  schema: JsonSchema,
  model: FormModel | undefined,
  values: FormValues,
  raw: string | undefined,
): { value: unknown; entries: SummaryEntry[] } {
  const { value, found } = readArguments(model, values, raw);
  const all = value === undefined ? found : [...found, ...validateAgainstSchema(schema, value)];
  const inForm = raw === undefined && model !== undefined;
  const entries = all.map((problem) => ({
    ...problem,
    fieldPointer: inForm ? fieldPointerFor(model, problem.pointer) : undefined,
  }));
  return { value, entries };
}
