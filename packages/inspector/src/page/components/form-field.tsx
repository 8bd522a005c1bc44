import type { FieldModel } from '../logic/form-model.js';
import type { FieldValue } from '../logic/form-values.js';
import { escapePointer, newFieldValue } from '../logic/form-values.js';
import { fieldId } from '../logic/validate.js';
import { FieldControl } from './field-control.js';
import type { CompleteValue } from './use-completions.js';

/** What every field of one form shares: its id prefix and the messages by field pointer. */
export interface FieldContext {
  idPrefix: string;
  errors: ReadonlyMap<string, string>;
  /** Label by `title` (then the hint leaves it out) rather than by property name. */
  labelByTitle?: boolean;
  /** Suggests values for the form's text fields. */
  complete?: CompleteValue | undefined;
}

interface FormFieldProps {
  field: FieldModel;
  /** Shown instead of the property name (array items: "items 1"). */
  label?: string;
  pointer: string;
  value: FieldValue;
  context: FieldContext;
  onChange(value: FieldValue): void;
}

/** One field: its label, control, hint and message; objects and arrays as fieldsets. */
export function FormField(props: FormFieldProps) {
  const { field, pointer, context } = props;
  const id = fieldId(context.idPrefix, pointer);
  const error = context.errors.get(pointer);
  const byTitle = context.labelByTitle === true && field.title !== undefined;
  const hint = hintOf(field, !byTitle);
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  const label = props.label ?? (byTitle ? field.title : field.name);
  if (field.kind === 'object' || field.kind === 'array') {
    return (
      <fieldset class="field group" aria-describedby={describedBy || undefined}>
        <legend id={id} tabIndex={-1}>
          {label}
          {field.required && <RequiredMark />}
        </legend>
        <FieldNotes id={id} hint={hint} error={error} />
        {field.kind === 'object' ? <ObjectFields {...props} /> : <ArrayItems {...props} />}
      </fieldset>
    );
  }
  return (
    <div class={`field field-${field.kind}`}>
      <label for={id}>
        {label}
        {field.required && <RequiredMark />}
      </label>
      <FieldControl
        field={field}
        id={id}
        value={props.value}
        invalid={error !== undefined}
        describedBy={describedBy}
        complete={context.complete}
        onChange={props.onChange}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

function RequiredMark() {
  return (
    <span class="required" aria-hidden="true" title="required">
      {' *'}
    </span>
  );
}

function ObjectFields({ field, pointer, value, context, onChange }: FormFieldProps) {
  if (field.kind !== 'object') return null;
  const values = typeof value === 'object' && !Array.isArray(value) ? value : {};
  return (
    <>
      {field.fields.map((child) => (
        <FormField
          key={child.name}
          field={child}
          pointer={`${pointer}/${escapePointer(child.name)}`}
          value={values[child.name] ?? ''}
          context={context}
          onChange={(next) => onChange({ ...values, [child.name]: next })}
        />
      ))}
    </>
  );
}

function ArrayItems({ field, pointer, value, context, onChange }: FormFieldProps) {
  if (field.kind !== 'array') return null;
  const items = Array.isArray(value) ? value : [];
  const full = field.maxItems !== undefined && items.length >= field.maxItems;
  return (
    <>
      {items.map((item, index) => (
        <div class="array-item" key={index}>
          <FormField
            field={field.item}
            label={`${field.name} ${index + 1}`}
            pointer={`${pointer}/${index}`}
            value={item}
            context={context}
            onChange={(next) => onChange(items.map((old, at) => (at === index ? next : old)))}
          />
          <button
            type="button"
            class="secondary"
            onClick={() => onChange(items.filter((_, at) => at !== index))}
          >
            Remove {field.name} {index + 1}
          </button>
        </div>
      ))}
      <button
        type="button"
        class="secondary"
        disabled={full}
        onClick={() => onChange([...items, newFieldValue(field.item)])}
      >
        Add to {field.name}
      </button>
    </>
  );
}

/** A field's hint and its validation message, each with the id `aria-describedby` names. */
function FieldNotes({ id, hint, error }: { id: string; hint: string; error: string | undefined }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} class="hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} class="field-error">
          {error}
        </p>
      )}
    </>
  );
}

function hintOf(field: FieldModel, withTitle: boolean): string {
  const parts: string[] = [];
  if (withTitle && field.title !== undefined) parts.push(field.title);
  if (field.description !== undefined) parts.push(field.description);
  if (field.kind === 'text' && field.pattern !== undefined) parts.push(`Pattern: ${field.pattern}`);
  if (field.kind === 'json')
    parts.push(`JSON (a form cannot show this field: it ${field.reason}).`);
  return parts.join(' — ');
}
