import { isPlainObject } from './json-schema.js';

/**
 * A tool as `tools/list` gives it; only the fields the page reads.
 *
 * @example
 * ```ts
 * const tool: ToolLike = { name: 'catalog-get_product', inputSchema: { type: 'object' } };
 * ```
 */
export interface ToolLike {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: Record<string, unknown>;
  execution?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

/**
 * An action of a grouped tool (`_meta['apcore/actions']`).
 *
 * @example
 * ```ts
 * const action: ActionInfo = { action: 'get_product', moduleId: 'catalog.get_product', badges: ['read-only'] };
 * ```
 */
export interface ActionInfo {
  action: string;
  moduleId: string;
  badges: string[];
}

/**
 * What the page shows about a tool, read from its annotations and apcore's `_meta` keys.
 *
 * @example
 * ```ts
 * readToolInfo(tool).moduleId; // 'catalog.get_product'
 * ```
 */
export interface ToolInfo {
  name: string;
  title?: string;
  description?: string;
  moduleId?: string;
  tags: string[];
  version?: string;
  uiResourceUri?: string;
  group?: string;
  actions: ActionInfo[];
  /** Short words: read-only, destructive, idempotent, open-world, requires approval, ... */
  badges: string[];
}

const HINT_BADGES: readonly (readonly [string, string])[] = [
  ['readOnlyHint', 'read-only'],
  ['destructiveHint', 'destructive'],
  ['idempotentHint', 'idempotent'],
  ['openWorldHint', 'open-world'],
];

const APCORE_BADGES: readonly (readonly [string, string])[] = [
  ['readonly', 'read-only'],
  ['destructive', 'destructive'],
  ['idempotent', 'idempotent'],
  ['openWorld', 'open-world'],
  ['requiresApproval', 'requires approval'],
  ['streaming', 'streaming'],
];

/**
 * Reads a tool's apcore details: module id, tags, version, badges, UI resource, grouped actions.
 *
 * @example
 * ```ts
 * readToolInfo({ name: 'a', annotations: { readOnlyHint: true }, _meta: { 'apcore/moduleId': 'x.a' } });
 * // { name: 'a', moduleId: 'x.a', badges: ['read-only'], tags: [], actions: [] }
 * ```
 */
export function readToolInfo(tool: ToolLike): ToolInfo {
  const meta = tool._meta ?? {};
  const info: ToolInfo = { name: tool.name, tags: [], actions: [], badges: toolBadges(tool) };
  const title = tool.title ?? stringOf(tool.annotations?.title);
  if (title !== undefined && title !== tool.name) info.title = title;
  if (tool.description !== undefined) info.description = tool.description;
  const moduleId = stringOf(meta['apcore/moduleId']);
  if (moduleId !== undefined) info.moduleId = moduleId;
  const version = stringOf(meta['apcore/version']);
  if (version !== undefined) info.version = version;
  const group = stringOf(meta['apcore/group']);
  if (group !== undefined) info.group = group;
  const ui = isPlainObject(meta.ui) ? stringOf(meta.ui.resourceUri) : undefined;
  const uiResourceUri = ui ?? stringOf(meta['ui/resourceUri']);
  if (uiResourceUri !== undefined) info.uiResourceUri = uiResourceUri;
  const tags = meta['apcore/tags'];
  if (Array.isArray(tags)) info.tags = tags.filter((tag) => typeof tag === 'string');
  info.actions = readActions(meta['apcore/actions']);
  return info;
}

/**
 * A tool's badges, in a fixed order: its MCP hints that are true, then approval, streaming and
 * task support.
 *
 * @example
 * ```ts
 * toolBadges({ name: 'a', annotations: { destructiveHint: true }, execution: { taskSupport: 'optional' } });
 * // ['destructive', 'tasks: optional']
 * ```
 */
export function toolBadges(tool: ToolLike): string[] {
  const annotations = tool.annotations ?? {};
  const meta = tool._meta ?? {};
  const badges = HINT_BADGES.filter(([hint]) => annotations[hint] === true).map(([, b]) => b);
  if (meta['apcore/requiresApproval'] === true) badges.push('requires approval');
  if (meta['apcore/streaming'] === true) badges.push('streaming');
  const taskSupport = stringOf(tool.execution?.taskSupport);
  if (taskSupport !== undefined && taskSupport !== 'forbidden') {
    badges.push(`tasks: ${taskSupport}`);
  }
  return badges;
}

function readActions(actions: unknown): ActionInfo[] {
  if (!isPlainObject(actions)) return [];
  return Object.entries(actions).map(([action, entry]) => {
    const details = isPlainObject(entry) ? entry : {};
    const annotations = isPlainObject(details.annotations) ? details.annotations : {};
    const badges = APCORE_BADGES.filter(([key]) => annotations[key] === true).map(([, b]) => b);
    if (details.requiresApproval === true && !badges.includes('requires approval')) {
      badges.push('requires approval');
    }
    return { action, moduleId: stringOf(details.moduleId) ?? action, badges };
  });
}

/**
 * Whether a tool matches the filter text: every word appears in its name, module id, title or
 * one of its tags (any case). An empty filter matches everything.
 *
 * @example
 * ```ts
 * matchesToolFilter(readToolInfo(tool), 'catalog sku'); // true when both words appear
 * ```
 */
export function matchesToolFilter(info: ToolInfo, filter: string): boolean {
  const haystack = [info.name, info.moduleId, info.title, info.group, ...info.tags]
    .concat(info.actions.map((action) => action.moduleId))
    .filter((part) => part !== undefined)
    .join('\n')
    .toLowerCase();
  return filter
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '')
    .every((word) => haystack.includes(word));
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
