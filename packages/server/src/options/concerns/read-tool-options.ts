// The readers of the options that say which tools are served, under which server name.
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';

/**
 * The longest server name (the SRS's limit).
 *
 * @example
 * ```ts
 * name.length <= MAX_NAME_LENGTH; // 255
 * ```
 */
export const MAX_NAME_LENGTH = 255;

/**
 * The server name: 1..255 characters.
 *
 * @example
 * ```ts
 * resolveName('orders-mcp'); // 'orders-mcp'
 * ```
 */
export function resolveName(value: unknown): string {
  const expected = `a string of 1 to ${MAX_NAME_LENGTH} characters`;
  if (typeof value !== 'string') {
    throw new InvalidOptionError({ option: 'name', value, expected: 'a string' });
  }
  if (value === '') {
    const sentence = [{ option: 'name' }, ' must not be empty'];
    throw new InvalidOptionError({ option: 'name', value, expected, sentence });
  }
  if (value.length > MAX_NAME_LENGTH) {
    const sentence = [{ option: 'name' }, ` must not exceed ${MAX_NAME_LENGTH} characters`];
    throw new InvalidOptionError({ option: 'name', value, expected, sentence });
  }
  return value;
}

/**
 * The server version: a non-empty string.
 *
 * @example
 * ```ts
 * resolveVersion('2.1.0'); // '2.1.0'
 * ```
 */
export function resolveVersion(value: unknown): string {
  if (typeof value !== 'string') {
    throw new InvalidOptionError({ option: 'version', value, expected: 'a string' });
  }
  if (value === '') {
    const sentence = [{ option: 'version' }, ' must not be empty'];
    throw new InvalidOptionError({ option: 'version', value, expected: 'a version', sentence });
  }
  return value;
}

/**
 * A tag list (`tags`, `anyTags`, `excludeTags`): non-empty strings, as a frozen copy; `null`
 * is none.
 *
 * @example
 * ```ts
 * resolveTags(['orders'], { option: 'anyTags' }); // ['orders']
 * ```
 */
export function resolveTags(
  value: unknown,
  { option }: { option: string },
): readonly string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((tag) => typeof tag !== 'string')) {
    throw new InvalidOptionError({ option, value, expected: 'an array of strings' });
  }
  if (value.some((tag) => tag === '')) {
    const expected = 'an array of non-empty tags';
    const sentence = ['Tag values must not be empty'];
    throw new InvalidOptionError({ option, value, expected, sentence });
  }
  return Object.freeze([...value]);
}

/**
 * The module id prefix: a non-empty string; `null` is none.
 *
 * @example
 * ```ts
 * resolvePrefix('image.'); // 'image.'
 * ```
 */
export function resolvePrefix(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    throw new InvalidOptionError({ option: 'prefix', value, expected: 'a string' });
  }
  if (value === '') {
    const sentence = [{ option: 'prefix' }, ' must not be empty'];
    const expected = 'a module id prefix';
    throw new InvalidOptionError({ option: 'prefix', value, expected, sentence });
  }
  return value;
}
