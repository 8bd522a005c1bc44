import type { Definition, Logger } from '@apcore-mcp/core/bridge';

/** A file discovery could not turn into a registered module, and why. */
export interface DiscoveryFailure {
  path: string;
  reason: string;
}

/**
 * Records a file that could not be served in `failed` and logs it: the one way discovery, the
 * cached modules' background load and other loaders (the CLI's `--watch`) say so.
 *
 * @example
 * ```ts
 * skipFile(report.failed, logger, { path: '/app/extensions/broken.js', reason: 'SyntaxError' });
 * ```
 */
export function skipFile(
  failed: DiscoveryFailure[],
  logger: Logger,
  failure: DiscoveryFailure,
): void {
  failed.push(failure);
  logger.warn(failure, `Skipped module file ${failure.path}: ${failure.reason}`);
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
