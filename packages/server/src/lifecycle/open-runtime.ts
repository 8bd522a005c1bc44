import { createDefaultLogger } from '../kernel/logger.js';
import type { ResolvedOptions } from '../options/serve-options.js';
import { type RegistryOrExecutor, resolveTarget } from './resolve-target.js';
import { ServerRuntime } from './server-runtime.js';

/**
 * What every entry point starts from: the runtime for `registryOrExecutor` under the resolved
 * options, logging to the given logger (else the default one on stderr), its tools loaded.
 *
 * @throws {ToolNameCollisionError} when two modules would get the same tool name.
 * @example
 * ```ts
 * const runtime = openRuntime(registry, resolveOptions(options, defaults));
 * ```
 */
export function openRuntime(
  registryOrExecutor: RegistryOrExecutor,
  resolved: ResolvedOptions,
): ServerRuntime {
  const target = resolveTarget(registryOrExecutor);
  const logger = resolved.logger ?? createDefaultLogger(resolved.logLevel);
  const runtime = new ServerRuntime(target, resolved, logger);
  try {
    runtime.load();
  } catch (error) {
    void runtime.closeGovernance();
    throw error;
  }
  if (resolved.transport === 'sse') {
    logger.warn('SSE transport is deprecated; use streamable-http instead');
  }
  return runtime;
}
