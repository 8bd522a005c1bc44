import type { ModuleDefinition } from '@apcore-mcp/core';
import { OpenapiError } from './openapi-error.js';
import { type OpenapiModulesResult, openapiModules } from './openapi-modules.js';
import type { OpenapiOptions, OpenapiSpec } from './options.js';

/**
 * The registry {@link registerOpenapi} fills: `@apcore-mcp/runtime`'s `Registry`, or any with
 * `list` and `register`.
 */
export interface OpenapiTargetRegistry {
  list(): string[];
  register(moduleId: string, module: ModuleDefinition): void;
}

/**
 * Registers the modules of an OpenAPI document in `registry` (see {@link openapiModules}).
 * Before anything is registered, every id is checked against the registry: when any is
 * already there, nothing is registered and the error names every colliding id. A registry that
 * already holds modules counts as a mixed deployment (a `prefix` is then required) unless
 * `mixedSources` says otherwise.
 *
 * @throws {OpenapiError} (`id-collision`, or any reason of {@link openapiModules}).
 * @example
 * ```ts
 * const registry = new Registry();
 * await registerOpenapi(registry, './petstore.yaml', { baseUrl: 'http://127.0.0.1:4010' });
 * await serve(registry);
 * ```
 */
export async function registerOpenapi(
  registry: OpenapiTargetRegistry,
  spec: OpenapiSpec,
  options: OpenapiOptions = {},
): Promise<OpenapiModulesResult> {
  const existing = new Set(registry.list());
  const result = await openapiModules(spec, {
    ...options,
    mixedSources: options.mixedSources ?? existing.size > 0,
  });
  const colliding = result.modules.map(({ moduleId }) => moduleId).filter((id) => existing.has(id));
  if (colliding.length > 0) {
    throw new OpenapiError(
      'id-collision',
      `The OpenAPI document's modules would reuse ids the registry already has: ${colliding.join(', ')}. Nothing was registered; set a different prefix.`,
      { details: { moduleIds: colliding } },
    );
  }
  for (const { moduleId, module } of result.modules) registry.register(moduleId, module);
  return result;
}
