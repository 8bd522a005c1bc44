import { defineServerFeature } from '../../feature-api/server-feature.js';

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
  // Loaded when it opens: the option table never needs its code.
  open: async (_options, _frame, runtime) => (await import('./open-apps.js')).openApps(runtime),
});
