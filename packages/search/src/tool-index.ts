import MiniSearch from 'minisearch';
import { tokenizeToolText } from './tokenize-tool-text.js';

/**
 * One searchable tool, or one action of a grouped tool: the words a search ranks, and the tool a
 * hit names.
 *
 * @example
 * ```ts
 * const document: ToolDocument = {
 *   id: 'orders-refund',
 *   name: 'orders-refund',
 *   moduleId: 'orders.refund',
 *   description: 'Refunds a payment.',
 *   tags: ['money'],
 *   properties: ['orderId', 'amount'],
 * };
 * ```
 */
export interface ToolDocument {
  /** Unique among the documents; a later document with an id already given is left out. */
  id: string;
  /**
   * The tool a hit names, default `id`. Several documents may stand for one tool (the actions
   * of a grouped tool, each with its own words): a search then names that tool once, at the
   * rank of its best document.
   */
  tool?: string;
  /** The tool's name as clients call it (for an action, the tool's and the action's). */
  name: string;
  moduleId?: string;
  title?: string;
  description?: string;
  tags?: readonly string[];
  /** The names of the input properties (`customerId` is then found by `customer`). */
  properties?: readonly string[];
}

/**
 * What a search asks for.
 *
 * @example
 * ```ts
 * const query: ToolIndexQuery = { text: 'refund order', limit: 5, filter: (id) => visible.has(id) };
 * ```
 */
export interface ToolIndexQuery {
  /** A few keywords; blank finds nothing. */
  text: string;
  /** The most tools to name. */
  limit: number;
  /**
   * Keeps only the documents it accepts (by id), before `limit` cuts the list: the tools a
   * caller may use, say.
   */
  filter?: (id: string) => boolean;
}

/**
 * A built index: {@link createToolIndex} makes one.
 *
 * @example
 * ```ts
 * const tools: string[] = index.search({ text: 'refund', limit: 5 });
 * ```
 */
export interface ToolIndex {
  /** The tools that best match, best first, each once. */
  search(query: ToolIndexQuery): string[];
}

/** What MiniSearch indexes of a {@link ToolDocument}: every field a string. */
interface IndexedDocument {
  id: string;
  tool: string;
  name: string;
  moduleId: string;
  title: string;
  description: string;
  tags: string;
  properties: string;
}

/** Name and title say what a tool is; a match there beats one deep in a description. */
const BOOSTS = { name: 3, title: 2, moduleId: 2, tags: 1.5, properties: 1, description: 1 };

/**
 * Builds a full-text index (MiniSearch) over tools: name, module id, title, description, tags
 * and input property names, with prefix and fuzzy matching. Build it again when the tools
 * change; a search never rebuilds it.
 *
 * @example
 * ```ts
 * const index = createToolIndex([
 *   { id: 'orders-refund', name: 'orders-refund', description: 'Refunds a payment.' },
 *   { id: 'crm-lookup', name: 'crm-lookup', description: 'Looks a customer up.' },
 * ]);
 * index.search({ text: 'refund', limit: 5 }); // ['orders-refund']
 * ```
 */
export function createToolIndex(documents: Iterable<ToolDocument>): ToolIndex {
  const engine = new MiniSearch<IndexedDocument>({
    fields: ['name', 'moduleId', 'title', 'description', 'tags', 'properties'],
    storeFields: ['tool'],
    tokenize: tokenizeToolText,
    searchOptions: { boost: BOOSTS, prefix: true, fuzzy: 0.2 },
  });
  // MiniSearch refuses a duplicate id: the first document given keeps it.
  const byId = new Map<string, IndexedDocument>();
  for (const document of documents) {
    if (!byId.has(document.id)) byId.set(document.id, toIndexed(document));
  }
  engine.addAll([...byId.values()]);
  return {
    search: ({ text, limit, filter }) => {
      const hits = engine.search(
        text,
        filter === undefined ? {} : { filter: (hit) => filter(hit.id as string) },
      );
      // Best first, each tool once: a group is as good as its best matching action.
      const found = new Set<string>();
      for (const hit of hits) {
        if (found.size >= limit) break;
        found.add(hit.tool as string);
      }
      return [...found];
    },
  };
}

function toIndexed(document: ToolDocument): IndexedDocument {
  return {
    id: document.id,
    tool: document.tool ?? document.id,
    name: document.name,
    moduleId: document.moduleId ?? '',
    title: document.title ?? '',
    description: document.description ?? '',
    tags: (document.tags ?? []).join(' '),
    properties: (document.properties ?? []).join(' '),
  };
}
