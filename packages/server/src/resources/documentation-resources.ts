import type { RegistryLike } from '@apcore-mcp/core/bridge';
import type { ToolSource } from '../kernel/served-tool.js';
import type { McpReadResourceResult, McpResource } from './mcp-resource.js';

/**
 * The URI prefix of module documentation resources.
 *
 * @example
 * ```ts
 * await client.readResource({ uri: `${DOCS_URI_PREFIX}image.resize` });
 * ```
 */
export const DOCS_URI_PREFIX = 'docs://';

/**
 * Where a server reads its resources: `list()` for `resources/list`, `read(uri)` for
 * `resources/read` (`undefined` = not found). `visibleTools`, when given, are the tools the
 * requesting caller may see: resources of other modules are neither listed nor read.
 *
 * @example
 * ```ts
 * const none: ResourceSource = { list: () => [], read: () => undefined };
 * ```
 */
export interface ResourceSource {
  list(visibleTools?: ToolSource): McpResource[];
  read(uri: string, visibleTools?: ToolSource): McpReadResourceResult | undefined;
}

/**
 * Every served module with non-empty `documentation` as a `docs://<moduleId>` resource
 * (`text/markdown`), keyed by module id whatever the tool's name. Read from the registry at
 * request time, so dynamic changes show up.
 *
 * @example
 * ```ts
 * const resources = new DocumentationResources({ registry, tools: listener });
 * resources.read('docs://image.resize');
 * ```
 */
export class DocumentationResources implements ResourceSource {
  readonly #registry: RegistryLike;
  readonly #tools: ToolSource;

  constructor(options: { registry: RegistryLike; tools: ToolSource }) {
    this.#registry = options.registry;
    this.#tools = options.tools;
  }

  list(visibleTools: ToolSource = this.#tools): McpResource[] {
    const resources: McpResource[] = [];
    // A grouped tool stands for several modules: each keeps its own documentation resource, shown
    // to a caller who may call that module.
    const modules = visibleTools
      .list()
      .flatMap((listed) => [...(listed.actions?.values() ?? [listed])])
      .filter(({ moduleId }) => visibleTools.getByModuleId(moduleId) !== undefined);
    for (const { moduleId, tool } of modules) {
      const documentation = this.#readDocumentation(moduleId);
      if (documentation === undefined) continue;
      resources.push({
        uri: `${DOCS_URI_PREFIX}${moduleId}`,
        name: moduleId,
        ...(tool.title === undefined ? {} : { title: tool.title }),
        ...(tool.description === undefined ? {} : { description: tool.description }),
        mimeType: 'text/markdown',
      });
    }
    return resources;
  }

  read(uri: string, visibleTools: ToolSource = this.#tools): McpReadResourceResult | undefined {
    if (!uri.startsWith(DOCS_URI_PREFIX)) return undefined;
    const moduleId = uri.slice(DOCS_URI_PREFIX.length);
    // Only served modules the caller may see: a module hidden by the tag/prefix filters or by
    // the caller's ACL has no resource either (not found, so its existence is not revealed).
    if (visibleTools.getByModuleId(moduleId) === undefined) return undefined;
    const text = this.#readDocumentation(moduleId);
    if (text === undefined) return undefined;
    return { contents: [{ uri, mimeType: 'text/markdown', text }] };
  }

  #readDocumentation(moduleId: string): string | undefined {
    try {
      const documentation = this.#registry.getDefinition(moduleId, { copy: false })?.documentation;
      return typeof documentation === 'string' && documentation.trim() !== ''
        ? documentation
        : undefined;
    } catch {
      return undefined;
    }
  }
}
