import type { FieldModel } from '../logic/form-model.js';
import type { FieldValue } from '../logic/form-values.js';

interface FieldControlProps {
  field: FieldModel;
  id: string;
  value: FieldValue;
  invalid: boolean;
  describedBy: string;
  onChange(value: FieldValue): void;
}

/** The input, select, checkbox or textarea of a scalar (or JSON) field. */
export function FieldControl({
  field,
  id,
  value,
  invalid,
  describedBy,
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
        <input {...common} type={field.inputType as 'text'} value={text} onInput={onText} />
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
