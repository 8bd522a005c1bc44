import { createDefaultLogger } from '../kernel/logger.js';
import type { ResolvedOptions } from '../options/serve-options.js';
import { loadToolTablePackages } from './load-tool-table-packages.js';
import { openFeatures } from './opened-features.js';
import { type RegistryOrExecutor, resolveTarget } from './resolve-target.js';
import { openRuntimeBase } from './runtime-base.js';
import { ServerRuntime } from './server-runtime.js';
import { closeStore } from './shared-state.js';

/**
 * What every entry point starts from: the runtime for `registryOrExecutor` under the resolved
 * options, logging to the given logger (else the default one on stderr), its tools loaded. The
 * optional packages the options need (`toonDescriptions`; the features' own as they open) are
 * loaded first.
 *
 * @throws {TypeError} for a bad registry or executor.
 * @throws {MissingPackageError} when an option's package is not installed.
 * @throws {ToolNameCollisionError} when two modules would get the same tool name.
 * @example
 * ```ts
 * const runtime = await openRuntime(registry, resolveOptions(options, defaults));
 * ```
 */
export async function openRuntime(
  registryOrExecutor: RegistryOrExecutor,
  resolved: ResolvedOptions,
): Promise<ServerRuntime> {
  const target = resolveTarget(registryOrExecutor);
  const loaded = await loadToolTablePackages(resolved);
  const logger = resolved.logger ?? createDefaultLogger(resolved.logLevel);
  const base = openRuntimeBase(target, resolved, logger, loaded);
  const opened = await openFeatures(resolved, logger, base.featureRuntime).catch(
    async (error: unknown) => {
      await closeStore(base.shared, logger);
      throw error;
    },
  );
  const runtime = new ServerRuntime(resolved, logger, base, opened);
  try {
    runtime.load();
    await runtime.features.ready();
  } catch (error) {
    runtime.unload();
    await runtime.closeState();
    throw error;
  }
  if (resolved.transport === 'sse') {
    logger.warn('SSE transport is deprecated; use streamable-http instead');
  }
  return runtime;
}
