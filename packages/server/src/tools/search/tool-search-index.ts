import type MiniSearch from 'minisearch';
import type { ServedTool } from '../served-tool.js';

/** What a search asks for. */
export interface ToolQuery {
  /** Free text; blank lists the candidates in table order. */
  text: string;
  /** Only tools whose module carries every one of these tags. */
  tags?: readonly string[];
  /** The most tools to return. */
  limit: number;
}

/** One indexed tool: the fields ranked, and the served entry it stands for. */
interface ToolDocument {
  id: string;
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
    const allowed = new Map(candidates.map((served) => [served.tool.name, served]));
    const passes = (name: string): boolean => {
      const served = allowed.get(name);
      return served !== undefined && hasTags(served, query.tags);
    };
    if (query.text.trim() === '') {
      return candidates.filter((served) => passes(served.tool.name)).slice(0, query.limit);
    }
    const engine = await this.#index();
    const hits = engine.search(query.text, { filter: (result) => passes(result.id as string) });
    return hits.slice(0, query.limit).map((hit) => allowed.get(hit.id as string) as ServedTool);
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
      tokenize: tokenizeToolText,
      searchOptions: { boost: BOOSTS, prefix: true, fuzzy: 0.2 },
    });
    // One document per name: MiniSearch refuses a duplicate id.
    const byName = new Map(tools.map((served) => [served.tool.name, served]));
    engine.addAll([...byName.values()].map(toDocument));
    return engine;
  }
}

function toDocument({ moduleId, tool }: ServedTool): ToolDocument {
  return {
    id: tool.name,
    name: tool.name,
    moduleId,
    title: tool.title ?? '',
    description: tool.description ?? '',
    tags: tagsOf({ moduleId, tool }).join(' '),
    properties: Object.keys(tool.inputSchema.properties ?? {}).join(' '),
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
