import type { RegistryLike } from '@apcore-mcp/core/bridge';
import { Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import type { FeatureRuntime } from '../feature-api/feature-runtime.js';
import { loadToolTablePackages } from '../lifecycle/load-tool-table-packages.js';
import { resolveTarget } from '../lifecycle/resolve-target.js';
import { openRuntimeBase } from '../lifecycle/runtime-base.js';
import { resolveOptions } from '../options/resolve-options.js';
import type { ServeOptions } from '../options/serve-options.js';

/**
 * The runtime a feature opens on, for a registry (none: an empty one), under `options`:
 * what `serve()` gives its features, without a transport.
 */
export async function openTestFeatureRuntime(
  registry: RegistryLike = new Registry(),
  options: ServeOptions = {},
): Promise<FeatureRuntime> {
  const logger = createRecordingLogger();
  const resolved = resolveOptions(
    { logger, ...options },
    { transport: 'stdio', handleSignals: false, allowAnyPort: true },
  );
  const loaded = await loadToolTablePackages(resolved);
  return openRuntimeBase(resolveTarget(registry), resolved, logger, loaded).featureRuntime;
}
