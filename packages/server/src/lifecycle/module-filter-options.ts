import type { ResolvedOptions, ServeOptions } from '../options.js';
import { describe } from './read-option.js';

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
    throw new TypeError(`${option} must be an array of strings, got ${describe(value)}`);
  }
  if (value.some((tag) => tag === '')) throw new RangeError('Tag values must not be empty');
  return Object.freeze([...value]);
}

function resolvePrefix(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    throw new TypeError(`prefix must be a string, got ${describe(value)}`);
  }
  if (value === '') throw new RangeError('prefix must not be empty');
  return value;
}
