import type { Definition } from '@apcore-mcp/core/bridge';

/** A file discovery could not turn into a registered module, and why. */
export interface DiscoveryFailure {
  path: string;
  reason: string;
}

/**
 * A file of the extensions directory that exports a definition (a resource, resource template
 * or prompt made by `@apcore-mcp/core`'s `define*` functions) instead of a module.
 *
 * @example
 * ```ts
 * const found: DiscoveredDefinition = { path: '/app/extensions/readme.js', definition };
 * ```
 */
export interface DiscoveredDefinition {
  path: string;
  definition: Definition;
}

/** The outcome of one discovery run. */
export interface DiscoveryReport {
  /** Ids registered by this run, in file order. */
  loaded: string[];
  /** Files skipped, with the reason. */
  failed: DiscoveryFailure[];
  /** Definition files found by this run, in file order: served beside the modules, not registered. */
  definitions: DiscoveredDefinition[];
  /**
   * Of `loaded`, the ids registered from the module cache: their code is imported at their first
   * call or by `Registry#loadDeferred()`. Absent without a cache.
   */
  cached?: string[];
}
