import { InvalidOptionError } from '../options/invalid-option-error.js';
import type { ResolvedOptions, ServeOptions } from '../options.js';

/**
 * The module filter options (`tags`, `anyTags`, `excludeTags`, `prefix`), checked: tag lists
 * are arrays of non-empty strings (frozen copies), the prefix a non-empty string.
 *
 * @example
 * ```ts
 * resolveModuleFilterOptions({ anyTags: ['orders'] }).anyTags; // ['orders']
 * ```
 */
export function resolveModuleFilterOptions(
  options: ServeOptions,
): Pick<ResolvedOptions, 'tags' | 'anyTags' | 'excludeTags' | 'prefix'> {
  return {
    tags: resolveTags('tags', options.tags),
    anyTags: resolveTags('anyTags', options.anyTags),
    excludeTags: resolveTags('excludeTags', options.excludeTags),
    prefix: resolvePrefix(options.prefix),
  };
}

function resolveTags(option: string, value: unknown): readonly string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((tag) => typeof tag !== 'string')) {
    throw new InvalidOptionError({ option, value, expected: 'an array of strings' });
  }
  if (value.some((tag) => tag === '')) {
    const expected = 'an array of non-empty tags';
    throw new InvalidOptionError({
      option,
      value,
      expected,
      sentence: ['Tag values must not be empty'],
    });
  }
  return Object.freeze([...value]);
}

function resolvePrefix(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    throw new InvalidOptionError({ option: 'prefix', value, expected: 'a string' });
  }
  if (value === '') {
    const sentence = [{ option: 'prefix' }, ' must not be empty'];
    throw new InvalidOptionError({
      option: 'prefix',
      value,
      expected: 'a module id prefix',
      sentence,
    });
  }
  return value;
}
