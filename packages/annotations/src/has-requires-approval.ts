import { type AnnotationsInput, readFlag } from './normalize-annotations.js';

/**
 * Whether a module asks for a human's approval before it runs: `true` only when its annotations
 * say `requiresApproval: true`; `false` for `null`/`undefined` or a missing flag.
 *
 * @example
 * ```ts
 * hasRequiresApproval({ requiresApproval: true }); // true
 * hasRequiresApproval(null); // false
 * ```
 */
export function hasRequiresApproval(annotations: AnnotationsInput): boolean {
  return readFlag(annotations, 'requiresApproval');
}
