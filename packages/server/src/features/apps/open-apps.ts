import type { FeatureRuntime } from '../../feature-api/feature-runtime.js';
import type { OpenedFeature } from '../../feature-api/server-feature.js';
import { AppResources } from './app-resources.js';
import { APP_RESOURCE_MIME_TYPE, APPS_EXTENSION_ID } from './apps-extension.js';

/**
 * The modules' UIs of one server: their `ui://` resources and the extension's declaration.
 *
 * @example
 * ```ts
 * const opened = openApps(runtime);
 * ```
 */
export function openApps({ registry, tools }: FeatureRuntime): OpenedFeature {
  const apps = new AppResources({ registry, tools });
  // Under `dynamic`: a module added (or changed) has its UI's folder taken at once.
  const stopFollowing = tools.onChange((change) => {
    if (change.type !== 'removed') apps.confineUiFoldersOf(change.name);
  });
  return {
    surface: {
      capabilities: () =>
        apps.any()
          ? { extensions: { [APPS_EXTENSION_ID]: { mimeTypes: [APP_RESOURCE_MIME_TYPE] } } }
          : {},
      resources: apps,
    },
    ready: async () => apps.confineUiFolders(),
    stop: stopFollowing,
  };
}
