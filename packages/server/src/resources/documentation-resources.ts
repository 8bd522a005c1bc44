import type { RegistryLike } from '@apcore-mcp/core';
import type { ToolSource } from '../tools/served-tool.js';
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
 * `resources/read` (`undefined` = not found).
 *
 * @example
 * ```ts
 * const none: ResourceSource = { list: () => [], read: () => undefined };
 * ```
 */
export interface ResourceSource {
  list(): McpResource[];
  read(uri: string): McpReadResourceResult | undefined;
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

  list(): McpResource[] {
    const resources: McpResource[] = [];
    // A grouped tool stands for several modules: each keeps its own documentation resource.
    const modules = this.#tools
      .list()
      .flatMap((listed) => [...(listed.actions?.values() ?? [listed])]);
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

  read(uri: string): McpReadResourceResult | undefined {
    if (!uri.startsWith(DOCS_URI_PREFIX)) return undefined;
    const moduleId = uri.slice(DOCS_URI_PREFIX.length);
    // Only served modules: a module hidden by the tag/prefix filters has no resource either.
    if (this.#tools.getByModuleId(moduleId) === undefined) return undefined;
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
