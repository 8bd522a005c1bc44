import type { RegistryLike } from '@apcore-mcp/core/bridge';
import type { McpReadResourceResult, McpResource } from '../../kernel/mcp-resource.js';
import type { ToolSource } from '../../kernel/served-tool.js';
import type { ResourceRead, ResourceSource } from '../../protocol/resource-source.js';

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
 * Every served module with non-empty `documentation` as a `docs://<moduleId>` resource
 * (`text/markdown`), keyed by module id whatever the tool's name. Read from the registry at
 * request time, so dynamic changes show up.
 *
 * @example
 * ```ts
 * const resources = new DocumentationResources({ registry, tools: table });
 * resources.list(table);
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

  read(uri: string, read: Pick<ResourceRead, 'visibleTools'>): McpReadResourceResult | undefined {
    return this.#read(uri, read.visibleTools);
  }

  serves(uri: string, visibleTools: ToolSource): boolean {
    return this.#read(uri, visibleTools) !== undefined;
  }

  #read(uri: string, visibleTools: ToolSource): McpReadResourceResult | undefined {
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
