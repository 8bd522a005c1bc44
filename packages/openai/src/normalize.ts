import { InvalidToolNameError } from './invalid-tool-name-error.js';

/** OpenAI's rule for function names. */
export const OPENAI_FUNCTION_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** Characters a module id may hold for its name to be valid once dots become hyphens. */
const NORMALIZABLE_ID_PATTERN = /^[a-zA-Z0-9_.]+$/;

/**
 * The OpenAI function name of a module id: every `.` becomes `-` (`image.resize` ->
 * `image-resize`). Reversible with {@link denormalize}, because module ids never hold hyphens.
 *
 * @throws {InvalidToolNameError} when the id is empty, holds a hyphen (reserved for this
 *   replacement), holds characters OpenAI does not accept, or gives a name over 64 characters.
 * @example
 * ```ts
 * normalize('comfyui.workflow.execute'); // 'comfyui-workflow-execute'
 * ```
 */
export function normalize(moduleId: string): string {
  if (moduleId.length === 0) {
    throw new InvalidToolNameError('A module id must not be empty', { moduleId, reason: 'empty' });
  }
  if (moduleId.includes('-')) {
    throw new InvalidToolNameError(
      `Module id "${moduleId}" contains a hyphen, which is reserved for the dot replacement in OpenAI function names`,
      { moduleId, reason: 'reserved-hyphen' },
    );
  }
  if (!NORMALIZABLE_ID_PATTERN.test(moduleId)) {
    throw new InvalidToolNameError(
      `Module id "${moduleId}" contains characters not allowed in OpenAI function names (^[a-zA-Z0-9_-]{1,64}$ once dots become hyphens)`,
      { moduleId, reason: 'invalid-characters' },
    );
  }
  if (moduleId.length > 64) {
    throw new InvalidToolNameError(
      `Module id "${moduleId}" is ${moduleId.length} characters long; OpenAI function names have at most 64`,
      { moduleId, reason: 'too-long' },
    );
  }
  return moduleId.replaceAll('.', '-');
}

/**
 * The module id of an OpenAI function name: every `-` becomes `.` (`image-resize` ->
 * `image.resize`). Never throws; a name that no module has simply maps to an unknown id.
 *
 * @example
 * ```ts
 * denormalize('image-resize'); // 'image.resize'
 * ```
 */
export function denormalize(name: string): string {
  return name.replaceAll('-', '.');
}

/**
 * Whether `name` is a valid OpenAI function name (`^[a-zA-Z0-9_-]{1,64}$`).
 *
 * @example
 * ```ts
 * isValidFunctionName('image-resize'); // true
 * isValidFunctionName('image.resize'); // false
 * ```
 */
export function isValidFunctionName(name: string): boolean {
  return OPENAI_FUNCTION_NAME_PATTERN.test(name);
}
