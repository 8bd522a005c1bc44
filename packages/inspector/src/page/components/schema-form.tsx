import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { JsonSchema } from '../logic/json-schema.js';
import { FormField } from './form-field.js';
import type { CompleteValue } from './use-completions.js';
import { useSchemaForm } from './use-schema-form.js';
import { ValidationSummary } from './validation-summary.js';

interface SchemaFormProps {
  /** Prefixes every field id, so two forms on the page never share one. */
  idPrefix: string;
  schema: JsonSchema;
  submitLabel: string;
  busy?: boolean;
  /** Offer the "Raw JSON" mode (default true). */
  rawToggle?: boolean;
  /**
   * Label fields by their schema `title` when they have one (a question for a person), rather
   * than by their property name (a tool's arguments, named as an agent sends them).
   */
  labelByTitle?: boolean;
  /** Suggests values for its text fields as they are typed (`completion/complete`). */
  complete?: CompleteValue | undefined;
  /**
   * Said when the schema has no fields (default "No arguments."); `null` says nothing, for a
   * question that is answered by its buttons alone (an approval).
   */
  emptyHint?: string | null;
  onSubmit(args: Record<string, unknown>): void;
  /** A second way to send the checked values (the tool's Check beside Run), as a button. */
  alternate?: { label: string; onSubmit(args: Record<string, unknown>): void } | undefined;
  /** More buttons beside the submit button (Cancel, Decline, ...). */
  children?: ComponentChildren;
}

/**
 * A form generated from a JSON Schema, with a "Raw JSON" mode for the whole object; checks the
 * values against the schema before `onSubmit`, which it never calls while they are invalid.
 */
export function SchemaForm({
  idPrefix,
  schema,
  submitLabel,
  busy = false,
  rawToggle = true,
  labelByTitle = false,
  complete,
  emptyHint = 'No arguments.',
  onSubmit,
  alternate,
  children,
}: SchemaFormProps) {
  const form = useSchemaForm(schema);
  const summary = useRef<HTMLDivElement>(null);
  const attempt = useRef(0);
  useEffect(() => {
    if (attempt.current > 0 && form.problems.length > 0) summary.current?.focus();
  }, [attempt.current, form.problems]);

  const sendTo = (receive: (args: Record<string, unknown>) => void) => {
    attempt.current += 1;
    const args = form.collect();
    if (args !== undefined) receive(args);
  };
  const submit = (event: Event) => {
    event.preventDefault();
    sendTo(onSubmit);
  };
  const rawMode = form.raw !== undefined;
  return (
    <form class="schema-form" noValidate onSubmit={submit}>
      <ValidationSummary summaryRef={summary} idPrefix={idPrefix} entries={form.problems} />
      {rawToggle && form.model !== undefined && (
        <div class="form-tools">
          <button
            type="button"
            class="secondary"
            aria-pressed={rawMode}
            onClick={rawMode ? form.toForm : form.toRaw}
          >
            Raw JSON
          </button>
        </div>
      )}
      {form.notice !== undefined && (
        <p class="notice" role="alert">
          {form.notice}
        </p>
      )}
      {rawMode || form.model === undefined ? (
        <div class="field">
          <label for={`${idPrefix}-raw`}>Arguments (JSON)</label>
          <textarea
            id={`${idPrefix}-raw`}
            class="code"
            rows={10}
            spellcheck={false}
            value={form.raw ?? '{}'}
            aria-invalid={form.problems.some((entry) => entry.pointer === '')}
            onInput={(event) => form.setRaw(event.currentTarget.value)}
          />
        </div>
      ) : form.model.fields.length === 0 ? (
        emptyHint !== null && <p class="hint">{emptyHint}</p>
      ) : (
        form.model.fields.map((field) => (
          <FormField
            key={field.name}
            field={field}
            pointer={`/${field.name.replaceAll('~', '~0').replaceAll('/', '~1')}`}
            value={form.values[field.name] ?? ''}
            context={{ idPrefix, errors: form.errors, labelByTitle, complete }}
            onChange={(next) => form.setValues({ ...form.values, [field.name]: next })}
          />
        ))
      )}
      <div class="buttons">
        <button type="submit" disabled={busy}>
          {submitLabel}
        </button>
        {alternate !== undefined && (
          <button
            type="button"
            class="secondary"
            disabled={busy}
            onClick={() => sendTo(alternate.onSubmit)}
          >
            {alternate.label}
          </button>
        )}
        {children}
      </div>
    </form>
  );
}
