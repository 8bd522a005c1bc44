/**
 * The marker every definition made by `defineResource`, `defineResourceTemplate` or
 * `definePrompt`, `defineEventType` carries: a `Symbol.for` key, so a definition made by one installed copy of
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
 * template, a prompt, or a type of event modules emit.
 *
 * @example
 * ```ts
 * const kind: DefinitionKind = 'resourceTemplate';
 * ```
 */
export type DefinitionKind = 'resource' | 'resourceTemplate' | 'prompt' | 'eventType';

/**
 * Every {@link DefinitionKind}, to tell a marked definition from any other value.
 *
 * @example
 * ```ts
 * DEFINITION_KINDS.includes('prompt'); // true
 * ```
 */
export const DEFINITION_KINDS: readonly DefinitionKind[] = [
  'resource',
  'resourceTemplate',
  'prompt',
  'eventType',
];

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

/** `fields` frozen, with its kind and marker: what every `define*` returns. */
export function brandDefinition<T extends object>(
  kind: DefinitionKind,
  fields: T,
): T & BrandedDefinition {
  const definition = { ...fields, kind } as T & { kind: DefinitionKind };
  Object.defineProperty(definition, DEFINITION_MARKER, { value: kind, enumerable: false });
  return Object.freeze(definition) as T & BrandedDefinition;
}
