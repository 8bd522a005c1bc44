import { readFile } from 'node:fs/promises';
import { suggestClosest } from '@apcore-mcp/core/bridge';
import { toEnvName, toKebabCase } from './setting-names.js';
import { SETTING_SPECS } from './setting-specs.js';

/** One key of a config file, matched to its setting. */
export interface ConfigEntry {
  key: string;
  /** The key as written in the file (`extensions_dir`, `extensionsDir`...). */
  writtenKey: string;
  /** The value as the file holds it: text, a list, or a mapping (which is wrong). */
  raw: unknown;
}

/** What a config file holds, and what is wrong with its shape. */
export interface ConfigFileContents {
  entries: ConfigEntry[];
  /** Each a complete sentence naming the file and the key. */
  problems: string[];
}

/** A secret (a variable only) or credentials (a flag or a variable): never in a config file. */
const isRefusedInFile = (spec: (typeof SETTING_SPECS)[number]): boolean =>
  spec.envOnly === true || spec.notInConfigFile === true;

const ALLOWED_KEYS = SETTING_SPECS.filter((spec) => !isRefusedInFile(spec)).map((spec) => spec.key);

/** `auth.jwks_file`, `auth.jwksFile`, `auth-jwks-file` -> `auth-jwks-file`. */
function toSettingKey(writtenKey: string): string {
  return toKebabCase(writtenKey.replaceAll('.', '-'));
}

function describeUnknownKey(writtenKey: string, displayPath: string): string {
  const envOnly = SETTING_SPECS.find(
    (spec) => isRefusedInFile(spec) && spec.key === toSettingKey(writtenKey),
  );
  if (envOnly?.notInConfigFile === true) {
    return `"${writtenKey}" in ${displayPath}: credentials do not belong in a config file; pass --${envOnly.key}, set ${toEnvName(envOnly.key)}, or "${envOnly.key}-file" to a file holding them`;
  }
  if (envOnly !== undefined) {
    // A secret in a file that gets committed: point at the safe ways instead.
    return `"${writtenKey}" in ${displayPath}: a secret does not belong in a config file; set ${toEnvName(envOnly.key)}, or "${envOnly.key}-file" to a file holding it`;
  }
  const guess = suggestClosest(toSettingKey(writtenKey), ALLOWED_KEYS);
  return `unknown key "${writtenKey}" in ${displayPath}${guess === undefined ? '' : ` (did you mean "${guess}"?)`}; allowed keys: ${ALLOWED_KEYS.join(', ')}`;
}

/**
 * `auth: { jwks-file: keys.json }` is `auth-jwks-file: keys.json`: a mapping under a key that is
 * no setting itself is read as that key's group, and its entries are named `auth.jwks-file`.
 */
function flattenGroups(data: Record<string, unknown>): Array<[string, unknown]> {
  return Object.entries(data).flatMap(([writtenKey, raw]): Array<[string, unknown]> => {
    const isGroup =
      typeof raw === 'object' &&
      raw !== null &&
      !Array.isArray(raw) &&
      !ALLOWED_KEYS.some((allowed) => allowed === toKebabCase(writtenKey));
    if (!isGroup) return [[writtenKey, raw]];
    return Object.entries(raw).map(([inner, value]) => [`${writtenKey}.${inner}`, value]);
  });
}

function readEntries(data: unknown, displayPath: string): ConfigFileContents {
  if (data === null || data === undefined) return { entries: [], problems: [] };
  if (typeof data !== 'object' || Array.isArray(data)) {
    return {
      entries: [],
      problems: [`${displayPath} must hold a mapping of settings (key: value), like "port: 8000"`],
    };
  }
  const entries: ConfigEntry[] = [];
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const [writtenKey, raw] of flattenGroups(data as Record<string, unknown>)) {
    const key = ALLOWED_KEYS.find((allowed) => allowed === toSettingKey(writtenKey));
    if (key === undefined) {
      problems.push(describeUnknownKey(writtenKey, displayPath));
      continue;
    }
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problems.push(`"${writtenKey}" in ${displayPath} repeats "${earlier}": give it once`);
      continue;
    }
    seen.set(key, writtenKey);
    entries.push({ key, writtenKey, raw });
  }
  return { entries, problems };
}

/**
 * Reads a YAML config file: a mapping whose keys are the setting names (`port: 8000`,
 * `extensions-dir: ./extensions`; `extensions_dir` and `extensionsDir` are accepted too). A
 * setting may be nested under its first word: `auth: { jwks-file: keys.json }`.
 * Scalars are read as text (so `server-version: 1.0` stays "1.0"); values are checked later,
 * against the setting they belong to. Unknown keys are reported with the allowed keys.
 *
 * @throws when the file cannot be read (the caller reports it).
 * @example
 * ```ts
 * const { entries, problems } = await readConfigFile('/app/apcore-mcp.yaml', 'apcore-mcp.yaml');
 * ```
 */
export async function readConfigFile(
  path: string,
  displayPath: string,
): Promise<ConfigFileContents> {
  const text = await readFile(path, 'utf8');
  // Loaded only when a config file is there to read.
  const { parseDocument } = await import('yaml');
  const document = parseDocument(text, { schema: 'failsafe', prettyErrors: true });
  const firstError = document.errors[0];
  if (firstError !== undefined) {
    // The first line names the problem and its position; the rest is a snippet of the file.
    const summary = (firstError.message.split('\n')[0] ?? firstError.code).replace(/:$/, '');
    return { entries: [], problems: [`${displayPath} is not valid YAML: ${summary}`] };
  }
  return readEntries(document.toJS(), displayPath);
}
