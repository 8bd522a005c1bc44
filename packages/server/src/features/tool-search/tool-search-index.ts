import type { ServedTool } from '../../kernel/served-tool.js';

/** What a search asks for. */
export interface ToolQuery {
  /** Free text; blank lists the candidates in table order. */
  text: string;
  /** Only tools whose module carries every one of these tags. */
  tags?: readonly string[];
  /** The most tools to return. */
  limit: number;
}

/**
 * One indexed tool or action, as `@apcore-mcp/search` takes it (declared here so the server's
 * types do not name that package).
 *
 * @example
 * ```ts
 * const document: ToolIndexDocument = { id: 'orders\u0000refund', tool: 'orders', name: 'orders refund' };
 * ```
 */
export interface ToolIndexDocument {
  id: string;
  tool?: string;
  name: string;
  moduleId?: string;
  title?: string;
  description?: string;
  tags?: readonly string[];
  properties?: readonly string[];
}

/**
 * Builds the full-text index over tool documents: `@apcore-mcp/search`'s `createToolIndex`,
 * loaded when the `toolSearch` option is on. It returns the names of the best-matching tools,
 * best first, each once, among the documents `filter` keeps.
 *
 * @example
 * ```ts
 * const { createToolIndex } = await import('@apcore-mcp/search');
 * const create: CreateToolIndex = createToolIndex;
 * ```
 */
export type CreateToolIndex = (documents: Iterable<ToolIndexDocument>) => {
  search(query: { text: string; limit: number; filter?: (id: string) => boolean }): string[];
};

/** A built index and, for each of its document ids, the listed tool and action it stands for. */
interface BuiltIndex {
  index: ReturnType<CreateToolIndex>;
  entries: ReadonlyMap<string, { tool: string; action: string }>;
}

/**
 * The tool search over served tools: each plain tool, and each action of a grouped tool, is one
 * document of the index `createIndex` builds (name, module id, title, description, tags, input
 * property names). Built on the first search and again after {@link invalidate} (the tool table
 * changed), never per request.
 *
 * @example
 * ```ts
 * const index = new ToolSearchIndex(() => table.list(), createToolIndex);
 * table.onChange(() => index.invalidate());
 * const hits = index.search({ text: 'refund order', limit: 5 }, table.list());
 * ```
 */
export class ToolSearchIndex {
  readonly #readTools: () => readonly ServedTool[];
  readonly #createIndex: CreateToolIndex;
  #built: BuiltIndex | undefined;

  constructor(readTools: () => readonly ServedTool[], createIndex: CreateToolIndex) {
    this.#readTools = readTools;
    this.#createIndex = createIndex;
  }

  /** The next search rebuilds the index from the current tools. */
  invalidate(): void {
    this.#built = undefined;
  }

  /** Builds the index now (if stale) rather than on the next search. */
  prepare(): void {
    this.#index();
  }

  /**
   * The best matches among `candidates` (the tools this caller may call), best first, each as
   * the caller sees it (a grouped tool narrowed to its callable actions). Hits outside
   * `candidates` are dropped before ranking cuts the list, so `limit` counts only tools the
   * caller can use.
   */
  search(query: ToolQuery, candidates: readonly ServedTool[]): ServedTool[] {
    const { tags, limit } = query;
    if (query.text.trim() === '') {
      const anyPasses = (served: ServedTool) =>
        [...(served.actions?.values() ?? [served])].some((entry) => hasTags(entry, tags));
      return candidates.filter(anyPasses).slice(0, limit);
    }
    const allowed = new Map(candidates.map((served) => [served.tool.name, served]));
    const { index, entries } = this.#index();
    // A grouped tool passes through the actions this caller is shown, never the others.
    const passes = (id: string): boolean => {
      const { tool, action } = entries.get(id) ?? { tool: '', action: '' };
      const served = allowed.get(tool);
      const entry = action === '' ? served : served?.actions?.get(action);
      return entry !== undefined && hasTags(entry, tags);
    };
    const names = index.search({ text: query.text, limit, filter: passes });
    return names.map((name) => allowed.get(name) as ServedTool);
  }

  #index(): BuiltIndex {
    this.#built ??= this.#build(this.#readTools());
    return this.#built;
  }

  #build(tools: readonly ServedTool[]): BuiltIndex {
    // One entry per name, as the table lists it.
    const byName = new Map(tools.map((served) => [served.tool.name, served]));
    const documents = [...byName.values()].flatMap(toDocuments);
    const entries = new Map(documents.map(({ id, tool, action }) => [id, { tool, action }]));
    return { index: this.#createIndex(documents), entries };
  }
}

type ActionDocument = ToolIndexDocument & { tool: string; action: string };

/**
 * A plain tool's document, or one per action of a grouped tool, each with the action's own
 * words: the group's description lists every action, and a caller shown only some of them must
 * not find the group through the others'.
 */
function toDocuments(served: ServedTool): ActionDocument[] {
  const { actions, tool } = served;
  if (actions === undefined) return [toDocument(served, tool.name, '')];
  return [...actions].map(([action, member]) => toDocument(member, tool.name, action));
}

function toDocument(entry: ServedTool, tool: string, action: string): ActionDocument {
  return {
    // NUL appears in no tool or action name: the ids of a group's actions cannot collide.
    id: action === '' ? tool : `${tool}\u0000${action}`,
    tool,
    action,
    name: action === '' ? tool : `${tool} ${action}`,
    moduleId: entry.moduleId,
    title: entry.tool.title ?? '',
    description: entry.tool.description ?? '',
    tags: tagsOf(entry),
    properties: Object.keys(entry.tool.inputSchema.properties ?? {}),
  };
}

function tagsOf(served: ServedTool): readonly string[] {
  const tags = served.tool._meta?.['apcore/tags'];
  return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
}

function hasTags(served: ServedTool, tags: readonly string[] | undefined): boolean {
  if (tags === undefined || tags.length === 0) return true;
  const carried = tagsOf(served);
  return tags.every((tag) => carried.includes(tag));
}
