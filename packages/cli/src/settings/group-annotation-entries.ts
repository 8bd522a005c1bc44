import { DEFAULT_ANNOTATIONS, isRecord } from '@apcore-mcp/core/bridge';

/** Annotations stated per group, as the server's `groupAnnotations` option takes them. */
export type GroupAnnotationsSetting = Readonly<Record<string, Readonly<Record<string, boolean>>>>;

const FLAGS = Object.keys(DEFAULT_ANNOTATIONS);

/** Lower case without underscores: `requires_approval` and `RequiresApproval` are one name. */
function fold(name: string): string {
  return name.replaceAll('_', '').toLowerCase();
}

const FLAG_BY_FOLDED_NAME = new Map(FLAGS.map((flag) => [fold(flag), flag]));

/** `GROUP.FLAG` or `GROUP.FLAG=VALUE`; a group may hold dots, a flag none. */
const ENTRY = /^(.+)\.([A-Za-z_]+)(?:=(.*))?$/;

const VALUES: Readonly<Record<string, boolean>> = { true: true, false: false };

/** One entry read, or what is wrong with it (a phrase that follows the setting's name). */
function readEntry(entry: string): { group: string; flag: string; value: boolean } | string {
  const match = ENTRY.exec(entry);
  const [, group, name, text] = match ?? [];
  if (group === undefined || name === undefined) {
    return `entries must be GROUP.FLAG or GROUP.FLAG=true|false (got ${JSON.stringify(entry)})`;
  }
  const flag = FLAG_BY_FOLDED_NAME.get(fold(name));
  if (flag === undefined) {
    return `has no annotation ${JSON.stringify(name)} (in ${JSON.stringify(entry)}); one of ${FLAGS.join(', ')}`;
  }
  const value = text === undefined ? true : VALUES[text.trim().toLowerCase()];
  if (value === undefined) {
    return `must set ${JSON.stringify(entry.slice(0, entry.indexOf('=')))} to true or false (got ${JSON.stringify(text)})`;
  }
  return { group, flag, value };
}

/**
 * Reads `GROUP.FLAG` (true) or `GROUP.FLAG=true|false` entries into annotations by group; a
 * later entry of the same group and flag wins. Flags as the API spells them, in any case, or
 * snake_case (`orders.requires_approval`).
 *
 * @example
 * ```ts
 * parseGroupAnnotationEntries(['orders.destructive', 'orders.openWorld=false']);
 * // { value: { orders: { destructive: true, openWorld: false } } }
 * ```
 */
export function parseGroupAnnotationEntries(
  entries: readonly string[],
): { value: GroupAnnotationsSetting } | { problem: string } {
  const byGroup: Record<string, Record<string, boolean>> = {};
  for (const entry of entries) {
    const read = readEntry(entry);
    if (typeof read === 'string') return { problem: read };
    byGroup[read.group] = { ...byGroup[read.group], [read.flag]: read.value };
  }
  return { value: byGroup };
}

/**
 * A config file's mapping (`orders: { destructive: true }`) as entries, so both spellings are
 * read alike; `undefined` when `raw` is no mapping of mappings.
 *
 * @example
 * ```ts
 * mappingToEntries({ orders: { destructive: true } }); // ['orders.destructive=true']
 * ```
 */
export function mappingToEntries(raw: unknown): string[] | undefined {
  if (!isRecord(raw)) return undefined;
  const entries: string[] = [];
  for (const [group, flags] of Object.entries(raw)) {
    if (!isRecord(flags)) return undefined;
    for (const [flag, value] of Object.entries(flags))
      entries.push(`${group}.${flag}=${String(value)}`);
  }
  return entries;
}
