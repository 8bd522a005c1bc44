import type { PromptDefinition } from './define-prompt.js';
import type { ResourceDefinition } from './define-resource.js';
import type { ResourceTemplateDefinition } from './define-resource-template.js';

/**
 * The marker every definition made by `defineResource`, `defineResourceTemplate` or
 * `definePrompt` carries: a `Symbol.for` key, so a definition made by one installed copy of
 * `@apcore-mcp/core` is recognised by another (an extensions directory with its own copy).
 *
 * @example
 * ```ts
 * (definition as Record<symbol, unknown>)[DEFINITION_MARKER]; // 'resource'
 * ```
 */
export const DEFINITION_MARKER: unique symbol = Symbol.for('apcore-mcp.definition') as never;

/**
 * What a definition defines: a resource at a fixed URI, a family of resources under a URI
 * template, or a prompt.
 *
 * @example
 * ```ts
 * const kind: DefinitionKind = 'resourceTemplate';
 * ```
 */
export type DefinitionKind = 'resource' | 'resourceTemplate' | 'prompt';

const KINDS: readonly DefinitionKind[] = ['resource', 'resourceTemplate', 'prompt'];

/**
 * What every definition has: its `kind`, and the marker under {@link DEFINITION_MARKER}.
 *
 * @example
 * ```ts
 * const branded: BrandedDefinition = defineResource({ uri: 'test://a', name: 'a', read: () => 'hi' });
 * ```
 */
export interface BrandedDefinition {
  readonly kind: DefinitionKind;
  readonly [DEFINITION_MARKER]: DefinitionKind;
}

/**
 * Any definition a `define*` function makes: what discovery finds beside the modules.
 *
 * @example
 * ```ts
 * const definitions: Definition[] = report.definitions.map((found) => found.definition);
 * ```
 */
export type Definition = ResourceDefinition | ResourceTemplateDefinition | PromptDefinition;

/**
 * Whether `value` is a definition made by one of the `define*` functions (of any installed
 * copy of this package), and of `kind` when given.
 *
 * @example
 * ```ts
 * isDefinition(namespace.default); // true for a resource, template or prompt file
 * isDefinition(namespace.default, 'resourceTemplate');
 * ```
 */
export function isDefinition<K extends DefinitionKind = DefinitionKind>(
  value: unknown,
  kind?: K,
): value is Extract<Definition, { kind: K }> {
  if (typeof value !== 'object' || value === null) return false;
  const marked = (value as Record<symbol, unknown>)[DEFINITION_MARKER];
  if (!KINDS.includes(marked as DefinitionKind)) return false;
  return kind === undefined || marked === kind;
}

/** `fields` frozen, with its kind and marker: what every `define*` returns. */
export function brandDefinition<T extends object>(
  kind: DefinitionKind,
  fields: T,
): T & BrandedDefinition {
  const definition = { ...fields, kind } as T & { kind: DefinitionKind };
  Object.defineProperty(definition, DEFINITION_MARKER, { value: kind, enumerable: false });
  return Object.freeze(definition) as T & BrandedDefinition;
}
