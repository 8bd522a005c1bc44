import type { EventTypeDefinition } from './define-event-type.js';
import type { PromptDefinition } from './define-prompt.js';
import type { ResourceDefinition } from './define-resource.js';
import type { ResourceTemplateDefinition } from './define-resource-template.js';
import { DEFINITION_KINDS, DEFINITION_MARKER, type DefinitionKind } from './definition-brand.js';

/**
 * Any definition a `define*` function makes: what discovery finds beside the modules.
 *
 * @example
 * ```ts
 * const definitions: Definition[] = report.definitions.map((found) => found.definition);
 * ```
 */
export type Definition =
  | ResourceDefinition
  | ResourceTemplateDefinition
  | PromptDefinition
  | EventTypeDefinition;

/**
 * Whether `value` is a definition made by one of the `define*` functions (of any installed
 * copy of this package), and of `kind` when given.
 *
 * @example
 * ```ts
 * isDefinition(namespace.default); // true for a resource, template, prompt or event type file
 * isDefinition(namespace.default, 'resourceTemplate');
 * ```
 */
export function isDefinition<K extends DefinitionKind = DefinitionKind>(
  value: unknown,
  kind?: K,
): value is Extract<Definition, { kind: K }> {
  if (typeof value !== 'object' || value === null) return false;
  const marked = (value as Record<symbol, unknown>)[DEFINITION_MARKER];
  if (!DEFINITION_KINDS.includes(marked as DefinitionKind)) return false;
  return kind === undefined || marked === kind;
}
