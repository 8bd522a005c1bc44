import type { FixtureModule } from './contract-fixture-types.js';

/** A module descriptor as our packages take it (camelCase), from a fixture's snake_case one. */
export interface FixtureDescriptor {
  moduleId: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  annotations: Record<string, unknown> | null;
}

/**
 * The descriptor of a fixture's module, with copies of its schemas (a driver may hand them to
 * code that rewrites schemas in place, as apcore-js does). Annotations keep their keys: our
 * packages read both spellings (`readonly`, `requires_approval` / `requiresApproval`).
 *
 * @example
 * ```ts
 * const descriptor = fixtureDescriptor(testCase.input_module);
 * toOpenaiTool(descriptor, { strict: true });
 * ```
 */
export function fixtureDescriptor(module: FixtureModule): FixtureDescriptor {
  return {
    moduleId: module.module_id,
    description: module.description ?? '',
    inputSchema: structuredClone(module.input_schema ?? {}),
    outputSchema: structuredClone(module.output_schema ?? {}),
    annotations: module.annotations === undefined ? null : structuredClone(module.annotations),
  };
}
