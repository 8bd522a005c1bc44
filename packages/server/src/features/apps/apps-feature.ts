import { defineServerFeature } from '../../feature-api/server-feature.js';
import { AppResources } from './app-resources.js';
import { APP_RESOURCE_MIME_TYPE, APPS_EXTENSION_ID } from './apps-extension.js';

/**
 * The modules' UIs (the MCP Apps extension): every served module with a `ui` is a `ui://`
 * resource, listed and read as its caller may see the module; the extension is declared, with
 * the MIME type of its UIs as a host declares it, while a served module has one. Each UI file
 * is read only inside the folder it was in when the server took its module in.
 *
 * @example
 * ```ts
 * const features = [APPS_FEATURE];
 * ```
 */
export const APPS_FEATURE = defineServerFeature({
  name: 'apps',
  options: {},
  open: (_options, _frame, { registry, tools }) => {
    const apps = new AppResources({ registry, tools });
    // Under `dynamic`: a module added (or changed) has its UI's folder taken at once.
    const stopFollowing = tools.onChange((change) => {
      if (change.type !== 'removed') apps.confineUiFolders();
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
  },
});
