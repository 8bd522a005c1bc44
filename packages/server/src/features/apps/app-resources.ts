import { basename, dirname, resolve } from 'node:path';
import type { ModuleUi, RegistryLike } from '@apcore-mcp/core/bridge';
import { type ConfinedFiles, confineFiles } from '../../kernel/confined-files.js';
import type { McpReadResourceResult, McpResource } from '../../kernel/mcp-resource.js';
import type { ServedTool, ToolSource } from '../../kernel/served-tool.js';
import type { ResourceRead, ResourceSource } from '../../protocol/resource-source.js';
import { appResourceUri, moduleIdOfAppUri } from '../../tools/app-ui-meta.js';
import { APP_RESOURCE_MIME_TYPE, type UiResourceMeta } from './apps-extension.js';

/**
 * The UIs of the served modules (the MCP Apps extension): each module with a `ui` is a
 * `ui://<moduleId>/...` resource of `text/html;profile=mcp-app`, with its CSP, permissions and
 * border preference under `_meta.ui` both in the listing and in what a read answers. Read from
 * the registry at request time, cut to the modules the caller may see, as the `docs://`
 * resources are; a UI file is read from disk on every read, so an edit shows at once, and only
 * inside the folder it was in when the server took its module in ({@link confineUiFolders}).
 *
 * @example
 * ```ts
 * const apps = new AppResources({ registry, tools: table });
 * await apps.read('ui://catalog.get_product/card.html', { visibleTools: table });
 * ```
 */
export class AppResources implements ResourceSource {
  readonly #registry: RegistryLike;
  readonly #tools: ToolSource;
  /** Each UI file (absolute path) -> its folder, whose real path was taken once. */
  readonly #folders = new Map<string, ConfinedFiles>();

  constructor(options: { registry: RegistryLike; tools: ToolSource }) {
    this.#registry = options.registry;
    this.#tools = options.tools;
  }

  /**
   * Whether any served module has a UI: the extension is declared only then. Asked for every
   * 2026-07-28 request (a server per request), so it stops at the first UI it finds.
   */
  any(): boolean {
    const hasUi = ({ tool }: ServedTool): boolean => tool._meta?.ui !== undefined;
    return this.#tools
      .list()
      .some((served) => hasUi(served) || [...(served.actions?.values() ?? [])].some(hasUi));
  }

  /**
   * Takes the real path of the folder of every served module's UI file not seen before: later
   * reads of that file stay inside that folder, whatever is swapped in there afterwards. Called
   * when the modules are loaded; a UI read before is confined then.
   */
  confineUiFolders(): void {
    for (const served of servedModules(this.#tools)) this.#confine(served);
  }

  /**
   * {@link confineUiFolders} for the modules behind one listed tool (a grouped tool's actions),
   * when it is added or changed: one tool's worth of work per change, where the whole list per
   * change made a start with 1,000 modules about half a second longer.
   */
  confineUiFoldersOf(toolName: string): void {
    const listed = this.#tools.get(toolName);
    if (listed === undefined) return;
    for (const served of listed.actions?.values() ?? [listed]) this.#confine(served);
  }

  #confine({ moduleId, tool }: ServedTool): void {
    // Only a module with a UI has `_meta.ui` on its tool: the others' descriptors are not read.
    if (tool._meta?.ui === undefined) return;
    const file = this.#readUi(moduleId)?.file;
    if (file !== undefined) this.#folderOf(file);
  }

  /** The UIs of the modules `visibleTools` shows, as `resources/list` entries. */
  list(visibleTools: ToolSource = this.#tools): McpResource[] {
    const resources: McpResource[] = [];
    for (const { moduleId, tool } of servedModules(visibleTools)) {
      const ui = this.#readUi(moduleId);
      if (ui === undefined) continue;
      resources.push({
        uri: appResourceUri(moduleId, ui),
        name: moduleId,
        ...(tool.title === undefined ? {} : { title: tool.title }),
        ...(tool.description === undefined ? {} : { description: tool.description }),
        mimeType: APP_RESOURCE_MIME_TYPE,
        ...withUiMeta(ui),
      });
    }
    return resources;
  }

  /** Whether `uri` is the UI of a module `visibleTools` shows. */
  serves(uri: string, visibleTools: ToolSource = this.#tools): boolean {
    return this.#find(uri, visibleTools) !== undefined;
  }

  /**
   * The UI at `uri`; `undefined` when it is no UI of a module `visibleTools` shows (not found,
   * so a hidden module's UI is not revealed).
   *
   * @throws {UnreadableFileError} when the module's UI file is missing, or lies outside its
   *   folder now; the system's error when it cannot be read otherwise.
   */
  async read(
    uri: string,
    read: Pick<ResourceRead, 'visibleTools'>,
  ): Promise<McpReadResourceResult | undefined> {
    const ui = this.#find(uri, read.visibleTools);
    if (ui === undefined) return undefined;
    const text = ui.html ?? (await this.#readFile(ui.file ?? ''));
    return { contents: [{ uri, mimeType: APP_RESOURCE_MIME_TYPE, text, ...withUiMeta(ui) }] };
  }

  #find(uri: string, visibleTools: ToolSource): ModuleUi | undefined {
    const moduleId = moduleIdOfAppUri(uri);
    if (moduleId === undefined || visibleTools.getByModuleId(moduleId) === undefined) {
      return undefined;
    }
    const ui = this.#readUi(moduleId);
    return ui !== undefined && appResourceUri(moduleId, ui) === uri ? ui : undefined;
  }

  async #readFile(file: string): Promise<string> {
    return (await this.#folderOf(file).read(basename(resolve(file)))).toString('utf8');
  }

  #folderOf(file: string): ConfinedFiles {
    const path = resolve(file);
    let folder = this.#folders.get(path);
    if (folder === undefined) {
      folder = confineFiles(dirname(path));
      this.#folders.set(path, folder);
    }
    return folder;
  }

  #readUi(moduleId: string): ModuleUi | undefined {
    try {
      return this.#registry.getDefinition(moduleId, { copy: false })?.ui;
    } catch {
      return undefined;
    }
  }
}

/** Every module `tools` serves, a grouped tool's actions each on their own. */
function servedModules(tools: ToolSource): ServedTool[] {
  return tools
    .list()
    .flatMap((listed) => [...(listed.actions?.values() ?? [listed])])
    .filter(({ moduleId }) => tools.getByModuleId(moduleId) !== undefined);
}

/** `{ _meta: { ui } }` with the UI's CSP, permissions and border preference, when it has any. */
function withUiMeta(ui: ModuleUi): { _meta?: { ui: UiResourceMeta } } {
  const meta: UiResourceMeta = {
    ...(ui.csp === undefined ? {} : { csp: ui.csp }),
    ...(ui.permissions === undefined ? {} : { permissions: ui.permissions }),
    ...(ui.prefersBorder === undefined ? {} : { prefersBorder: ui.prefersBorder }),
  };
  return Object.keys(meta).length === 0 ? {} : { _meta: { ui: meta } };
}
