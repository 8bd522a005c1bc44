import { isRecord } from '@apcore-mcp/core/bridge';
import type { ServeOptions } from '@apcore-mcp/server';
import { parseGroupAnnotationEntries } from './group-annotation-entries.js';
import { SETTING_SPECS, type SettingSpec, type SettingValue } from './setting-specs.js';
import type { SettingSource } from './settings.js';

/**
 * A setting as resolved: its value and where it came from.
 *
 * @example
 * ```ts
 * const entry: SettingEntry = { value: 9000, source: { kind: 'flag', flag: '--port' } };
 * ```
 */
export type SettingEntry = { value: SettingValue | undefined; source: SettingSource };

/**
 * The options the command builds with readers of its own: key and certificate files to read,
 * secrets to decode, a Redis connection to open.
 */
const BUILT_BY_READERS: ReadonlySet<string> = new Set(['auth', 'cors', 'tls', 'stateKey', 'store']);

/** The option's value in its own terms: milliseconds for seconds, annotations for entries. */
function toOptionValue(spec: SettingSpec, value: SettingValue): unknown {
  if (spec.kind === 'group-annotations') {
    const parsed = parseGroupAnnotationEntries(value as readonly string[]);
    return 'value' in parsed ? parsed.value : undefined;
  }
  return typeof value === 'number' && spec.scale !== undefined ? value * spec.scale : value;
}

/**
 * The `serve()` options of the settings given (never of defaults: the server has its own, and
 * passing them would make `--metrics-port` alone look like `metrics: false`). A setting of a
 * sub-key makes its option an object: `--usage-admin-role` gives `usage: { adminRoles }`,
 * which turns usage on as the object form does.
 *
 * @example
 * ```ts
 * buildServeOptions((key) => entries.get(key)); // { port: 9000, sessionIdleTimeoutMs: 60000 }
 * ```
 */
export function buildServeOptions(read: (key: string) => SettingEntry | undefined): ServeOptions {
  const options: Record<string, unknown> = {};
  const given = SETTING_SPECS.flatMap((spec) => {
    const entry = read(spec.key);
    const { option } = spec;
    if (option === undefined || BUILT_BY_READERS.has(option)) return [];
    if (entry?.value === undefined || entry.source.kind === 'default') return [];
    return [{ spec, option, value: entry.value }];
  });
  for (const { spec, option, value } of given) {
    if (spec.subKey === undefined) options[option] = toOptionValue(spec, value);
  }
  for (const { spec, option, value } of given) {
    if (spec.subKey === undefined) continue;
    const current = options[option];
    options[option] = {
      ...(isRecord(current) ? current : {}),
      [spec.subKey]: toOptionValue(spec, value),
    };
  }
  // Checked by the server before anything starts; the CLI only names what it was given.
  return options as ServeOptions;
}
