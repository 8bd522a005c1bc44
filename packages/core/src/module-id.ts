import { extname, relative, sep } from 'node:path';
import { InvalidModuleIdError } from './errors/registry-errors.js';

/** What a module id looks like: dot-separated lower-case segments (`image.resize`). */
export const MODULE_ID_PATTERN = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/;

/** The longest accepted module id. */
export const MAX_MODULE_ID_LENGTH = 192;

/**
 * Throws {@link InvalidModuleIdError} unless `moduleId` matches {@link MODULE_ID_PATTERN} and is
 * at most {@link MAX_MODULE_ID_LENGTH} characters long.
 *
 * @example
 * ```ts
 * assertValidModuleId('image.resize'); // fine
 * assertValidModuleId('Image-Resize'); // throws INVALID_MODULE_ID
 * ```
 */
export function assertValidModuleId(moduleId: unknown): asserts moduleId is string {
  if (typeof moduleId !== 'string' || moduleId.length === 0) {
    throw new InvalidModuleIdError({
      moduleId: String(moduleId),
      reason: 'must be a non-empty string',
    });
  }
  if (moduleId.length > MAX_MODULE_ID_LENGTH) {
    throw new InvalidModuleIdError({
      moduleId,
      reason: `must be at most ${MAX_MODULE_ID_LENGTH} characters (has ${moduleId.length})`,
    });
  }
  if (!MODULE_ID_PATTERN.test(moduleId)) {
    throw new InvalidModuleIdError({
      moduleId,
      reason:
        'must be dot-separated segments of lower-case letters, digits and underscores, each starting with a letter',
    });
  }
}

/** Extensions that {@link moduleIdFromPath} strips, longest first so `.d.ts` never half-matches. */
const MODULE_EXTENSIONS = ['.mts', '.mjs', '.cjs', '.ts', '.js'];

/**
 * The module id a file below `rootDir` gets by default: its relative path without extension,
 * directories joined with `.`, dashes turned into underscores (`image/auto-crop.ts` ->
 * `image.auto_crop`). The result is not validated: upper-case names give an invalid id.
 *
 * @example
 * ```ts
 * moduleIdFromPath('/app/extensions', '/app/extensions/image/resize.ts'); // 'image.resize'
 * ```
 */
export function moduleIdFromPath(rootDir: string, filePath: string): string {
  let relativePath = relative(rootDir, filePath);
  const extension = extname(relativePath);
  if (MODULE_EXTENSIONS.includes(extension)) {
    relativePath = relativePath.slice(0, -extension.length);
  }
  return relativePath
    .split(sep)
    .filter((segment) => segment.length > 0)
    .map((segment) => segment.replaceAll('-', '_'))
    .join('.');
}
