import type { ModuleDescriptor, ModuleUi } from '@apcore-mcp/core/bridge';
import { LEGACY_UI_RESOURCE_URI_KEY } from '../kernel/ui-resource-uri-key.js';

/** The scheme of the MCP Apps extension's UI resources. */
const UI_SCHEME = 'ui://';

/**
 * The `ui://` URI of a module's UI: `ui://<moduleId>/<file name>` (`app.html` for inline HTML),
 * keyed by module id whatever the tool's name, as the `docs://` resources are.
 *
 * @example
 * ```ts
 * appResourceUri('catalog.get_product', { file: '/app/catalog/card.html' });
 * // 'ui://catalog.get_product/card.html'
 * ```
 */
export function appResourceUri(moduleId: string, ui: ModuleUi): string {
  const fileName = ui.file?.split(/[\\/]/).pop() || 'app.html';
  return `${UI_SCHEME}${moduleId}/${encodeURIComponent(fileName)}`;
}

/**
 * The module id a `ui://` URI names, or `undefined` when it is not one of ours.
 *
 * @example
 * ```ts
 * moduleIdOfAppUri('ui://catalog.get_product/card.html'); // 'catalog.get_product'
 * ```
 */
export function moduleIdOfAppUri(uri: string): string | undefined {
  if (!uri.startsWith(UI_SCHEME)) return undefined;
  const moduleId = uri.slice(UI_SCHEME.length).split('/')[0];
  return moduleId === '' ? undefined : moduleId;
}

/**
 * Adds the MCP Apps fields of a module with a UI to its tool's `_meta`: `ui.resourceUri`, and
 * the older flat `ui/resourceUri` key that hosts written before `_meta.ui` still read. Does
 * nothing for a module without a UI.
 *
 * @example
 * ```ts
 * addAppUiMeta(meta, descriptor);
 * meta.ui; // { resourceUri: 'ui://catalog.get_product/card.html' }
 * ```
 */
export function addAppUiMeta(meta: Record<string, unknown>, descriptor: ModuleDescriptor): void {
  if (descriptor.ui === undefined) return;
  const resourceUri = appResourceUri(descriptor.moduleId, descriptor.ui);
  meta.ui = { resourceUri };
  meta[LEGACY_UI_RESOURCE_URI_KEY] = resourceUri;
}
