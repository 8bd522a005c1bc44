import type MiniSearch from 'minisearch';
import type { ServedTool } from '../kernel/served-tool.js';

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
 * One indexed tool, or one action of a grouped tool: the fields ranked, and the listed tool
 * (and action) it stands for.
 */
interface ToolDocument {
  id: string;
  /** The listed tool's name. */
  tool: string;
  /** The action of a grouped tool; `''` for a plain tool. */
  action: string;
  name: string;
  moduleId: string;
  title: string;
  description: string;
  tags: string;
  properties: string;
}

type MiniSearchModule = typeof import('minisearch');

/** Loaded on the first search: a server without tool search never pays for it. */
let loadingMiniSearch: Promise<MiniSearchModule> | undefined;

function loadMiniSearch(): Promise<MiniSearchModule> {
  loadingMiniSearch ??= import('minisearch');
  return loadingMiniSearch;
}

/**
 * Splits `catalog.get_product`, `get-product`, `customerId` and prose into words (MiniSearch then
 * lower-cases them), for documents and queries alike, so `product` finds `get_product` and
 * `customer` finds `customerId`.
 */
export function tokenizeToolText(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** Name and title say what a tool is; a match there beats one deep in a description. */
const BOOSTS = { name: 3, title: 2, moduleId: 2, tags: 1.5, properties: 1, description: 1 };

/**
 * A full-text index (MiniSearch) over served tools: name, module id, title, description, tags
 * and input property names, with prefix and fuzzy matching. Built on the first search and again
 * after {@link invalidate} (the tool table changed), never per request.
 *
 * @example
 * ```ts
 * const index = new ToolSearchIndex(() => table.list());
 * table.onChange(() => index.invalidate());
 * const hits = await index.search({ text: 'refund order', limit: 5 }, table.list());
 * ```
 */
export class ToolSearchIndex {
  readonly #readTools: () => readonly ServedTool[];
  #built: Promise<MiniSearch<ToolDocument>> | undefined;

  constructor(readTools: () => readonly ServedTool[]) {
    this.#readTools = readTools;
  }

  /** The next search rebuilds the index from the current tools. */
  invalidate(): void {
    this.#built = undefined;
  }

  /** Builds the index now (if stale) rather than on the next search. */
  async prepare(): Promise<void> {
    await this.#index();
  }

  /**
   * The best matches among `candidates` (the tools this caller may call), best first, each as
   * the caller sees it (a grouped tool narrowed to its callable actions). Hits outside
   * `candidates` are dropped before ranking cuts the list, so `limit` counts only tools the
   * caller can use.
   */
  async search(query: ToolQuery, candidates: readonly ServedTool[]): Promise<ServedTool[]> {
    const { tags, limit } = query;
    if (query.text.trim() === '') {
      const anyPasses = (served: ServedTool) =>
        [...(served.actions?.values() ?? [served])].some((entry) => hasTags(entry, tags));
      return candidates.filter(anyPasses).slice(0, limit);
    }
    const allowed = new Map(candidates.map((served) => [served.tool.name, served]));
    // A grouped tool passes through the actions this caller is shown, never the others.
    const entryOf = (tool: string, action: string): ServedTool | undefined => {
      const served = allowed.get(tool);
      return action === '' ? served : served?.actions?.get(action);
    };
    const engine = await this.#index();
    const hits = engine.search(query.text, {
      filter: (hit) => {
        const entry = entryOf(hit.tool as string, hit.action as string);
        return entry !== undefined && hasTags(entry, tags);
      },
    });
    // Best first, each tool once: a group is as good as its best matching action.
    const found = new Set<ServedTool>();
    for (const hit of hits) {
      if (found.size === limit) break;
      found.add(allowed.get(hit.tool as string) as ServedTool);
    }
    return [...found];
  }

  #index(): Promise<MiniSearch<ToolDocument>> {
    if (this.#built === undefined) {
      const building = this.#build(this.#readTools());
      this.#built = building;
      // A failed build (MiniSearch missing) is not kept: the next search tries again.
      building.catch(() => {
        if (this.#built === building) this.#built = undefined;
      });
    }
    return this.#built;
  }

  async #build(tools: readonly ServedTool[]): Promise<MiniSearch<ToolDocument>> {
    const { default: MiniSearchClass } = await loadMiniSearch();
    const engine = new MiniSearchClass<ToolDocument>({
      fields: ['name', 'moduleId', 'title', 'description', 'tags', 'properties'],
      storeFields: ['tool', 'action'],
      tokenize: tokenizeToolText,
      searchOptions: { boost: BOOSTS, prefix: true, fuzzy: 0.2 },
    });
    // One entry per name: MiniSearch refuses a duplicate id.
    const byName = new Map(tools.map((served) => [served.tool.name, served]));
    engine.addAll([...byName.values()].flatMap(toDocuments));
    return engine;
  }
}

/**
 * A plain tool's document, or one per action of a grouped tool, each with the action's own
 * words: the group's description lists every action, and a caller shown only some of them must
 * not find the group through the others'.
 */
function toDocuments(served: ServedTool): ToolDocument[] {
  const { actions, tool } = served;
  if (actions === undefined) return [toDocument(served, tool.name, '')];
  return [...actions].map(([action, member]) => toDocument(member, tool.name, action));
}

function toDocument(entry: ServedTool, tool: string, action: string): ToolDocument {
  const { moduleId } = entry;
  return {
    // NUL appears in no tool or action name: the ids of a group's actions cannot collide.
    id: action === '' ? tool : `${tool}\u0000${action}`,
    tool,
    action,
    name: action === '' ? tool : `${tool} ${action}`,
    moduleId,
    title: entry.tool.title ?? '',
    description: entry.tool.description ?? '',
    tags: tagsOf(entry).join(' '),
    properties: Object.keys(entry.tool.inputSchema.properties ?? {}).join(' '),
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
