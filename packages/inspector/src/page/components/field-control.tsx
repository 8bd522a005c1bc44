import type { FieldModel } from '../logic/form-model.js';
import type { FieldValue } from '../logic/form-values.js';
import { type CompleteValue, useCompletions } from './use-completions.js';

interface FieldControlProps {
  field: FieldModel;
  id: string;
  value: FieldValue;
  invalid: boolean;
  describedBy: string;
  /** Suggests values as the field is typed (prompt arguments, template variables). */
  complete?: CompleteValue | undefined;
  onChange(value: FieldValue): void;
}

/** The input, select, checkbox or textarea of a scalar (or JSON) field. */
export function FieldControl({
  field,
  id,
  value,
  invalid,
  describedBy,
  complete,
  onChange,
}: FieldControlProps) {
  const common = {
    id,
    name: id,
    'aria-required': field.required,
    'aria-invalid': invalid,
    'aria-describedby': describedBy || undefined,
  };
  const text = typeof value === 'string' ? value : '';
  const onText = (event: Event) => onChange((event.currentTarget as HTMLInputElement).value);
  switch (field.kind) {
    case 'text':
      return field.multiline ? (
        <textarea {...common} value={text} rows={4} onInput={onText} />
      ) : (
        <SuggestingInput
          {...common}
          argument={field.name}
          type={field.inputType}
          value={text}
          complete={complete}
          onInput={onText}
        />
      );
    case 'number':
      return (
        <input
          {...common}
          type="number"
          inputMode={field.integer ? 'numeric' : 'decimal'}
          step={field.integer ? 1 : 'any'}
          min={field.minimum}
          max={field.maximum}
          value={text}
          onInput={onText}
        />
      );
    case 'boolean':
      return field.required ? (
        <input
          {...common}
          type="checkbox"
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      ) : (
        <select {...common} value={text} onChange={onText}>
          <option value="">(not set)</option>
          <option value="true">true</option>
          <option value="false">false</option>
        </select>
      );
    case 'enum':
      return (
        <select {...common} value={text} onChange={onText}>
          <option value="">(not set)</option>
          {field.options.map((option, index) => (
            <option key={JSON.stringify(option)} value={String(index)}>
              {typeof option === 'string' ? option : JSON.stringify(option)}
            </option>
          ))}
        </select>
      );
    default:
      return (
        <textarea
          {...common}
          class="code"
          value={text}
          rows={4}
          spellcheck={false}
          onInput={onText}
        />
      );
  }
}

/** A text input; with `complete`, the server's suggestions as its list of options. */
function SuggestingInput({
  complete,
  argument,
  ...input
}: {
  id: string;
  name: string;
  /** What the server is asked to complete: the field's own name. */
  argument: string;
  type: string;
  value: string;
  complete: CompleteValue | undefined;
  onInput(event: Event): void;
  'aria-required': boolean;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}) {
  const options = useCompletions(complete, argument, input.value);
  const listId = `${input.id}-suggestions`;
  return (
    <>
      <input
        {...input}
        type={input.type as 'text'}
        list={complete === undefined ? undefined : listId}
      />
      {complete !== undefined && (
        <datalist id={listId}>
          {options.map((option) => (
            <option key={option} value={option} />
          ))}
        </datalist>
      )}
    </>
  );
}
