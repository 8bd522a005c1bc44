import { describeKind } from '../content/binary-data.js';
import { isRecord } from '../is-record.js';

/**
 * The checks every `define*` runs on its input, each throwing a `TypeError` that starts with the
 * function's name and names the field: `defineResource: uri must be a non-empty string, got a
 * number`.
 */
export class FieldChecks {
  readonly #caller: string;

  constructor(caller: string) {
    this.#caller = caller;
  }

  fail(message: string): never {
    throw new TypeError(`${this.#caller}: ${message}`);
  }

  record(value: unknown, field?: string): Record<string, unknown> {
    if (!isRecord(value)) {
      const subject =
        field === undefined ? 'expects a definition object' : `${field} must be an object`;
      this.fail(`${subject}, got ${describeKind(value)}`);
    }
    return value;
  }

  text(field: string, value: unknown): string {
    if (typeof value !== 'string' || value.trim() === '') {
      this.fail(`${field} must be a non-empty string, got ${describe(value)}`);
    }
    return value;
  }

  /** `{ [key]: value }` for a given text (checked, named `field` in errors), `{}` when absent. */
  optionalText(field: string, value: unknown, key = field): Record<string, string> {
    return value === undefined ? {} : { [key]: this.text(field, value) };
  }

  fn<T extends (...args: never[]) => unknown>(field: string, value: unknown): T {
    if (typeof value !== 'function') {
      this.fail(`${field} must be a function, got ${describe(value)}`);
    }
    return value as T;
  }
}

function describe(value: unknown): string {
  return value === '' || (typeof value === 'string' && value.trim() === '')
    ? 'an empty string'
    : describeKind(value);
}
