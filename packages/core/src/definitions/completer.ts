import type { FieldChecks } from './check-fields.js';
import type { CompletionContext } from './definition-context.js';

/**
 * Suggests values for a prompt argument or a template parameter (`completion/complete`): the
 * values themselves (the server keeps those starting with what the user typed), or a function
 * from what was typed to suggestions (returned as given, at most 100).
 *
 * @example
 * ```ts
 * const languages: Completer = ['python', 'typescript'];
 * const cities: Completer = async (value, context) => searchCities(value, { signal: context.signal });
 * ```
 */
export type Completer =
  | readonly string[]
  | ((value: string, context: CompletionContext) => readonly string[] | Promise<readonly string[]>);

/** `value` checked as a {@link Completer}: a function, or an array of strings (copied, frozen). */
export function checkCompleter(check: FieldChecks, field: string, value: unknown): Completer {
  if (typeof value === 'function') return value as Completer;
  if (Array.isArray(value) && value.every((entry) => typeof entry === 'string')) {
    return Object.freeze([...value]);
  }
  return check.fail(`${field} must be an array of strings or a function (value, context)`);
}
