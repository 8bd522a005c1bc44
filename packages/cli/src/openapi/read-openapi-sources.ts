import { readFile } from 'node:fs/promises';
import { CliError } from '../cli-error.js';
import { HEADER_NAME } from '../settings/parse-setting-value.js';
import {
  describeSource,
  flagSetting,
  listSetting,
  numberSetting,
  type ResolvedSettings,
  sourceOf,
  textSetting,
} from '../settings/settings.js';

/** One OpenAPI document to serve: where it is, and the prefix of its module ids. */
export interface OpenapiDocumentSource {
  location: string;
  prefix: string | undefined;
}

/** The documents of `--openapi` and what every call of theirs is sent with. */
export interface OpenapiSources {
  documents: readonly OpenapiDocumentSource[];
  baseUrl: string | undefined;
  /** `--openapi-header-file`'s headers, then `--openapi-header`'s (which win). */
  headers: Readonly<Record<string, string>>;
  timeoutMs: number | undefined;
  /** `--openapi-allow-external-refs`: `$ref`s to other files or URLs are followed. */
  allowExternalRefs: boolean;
}

const invalid = (message: string, setting: string): CliError =>
  new CliError(message, { code: 'INVALID_ARGUMENT', details: { setting } });

/** Each document's prefix: none, one for all, or one per document in order. */
function pairPrefixes(
  resolved: ResolvedSettings,
  locations: readonly string[],
): OpenapiDocumentSource[] {
  const prefixes = listSetting(resolved, 'openapi-prefix');
  if (prefixes.length > 1 && prefixes.length !== locations.length) {
    throw invalid(
      `${describeSource(sourceOf(resolved, 'openapi-prefix'))} gives ${prefixes.length} prefixes for ${locations.length} documents: give one prefix for all, or one per --openapi in the same order`,
      'openapi-prefix',
    );
  }
  return locations.map((location, index) => ({
    location,
    prefix: prefixes.length > 1 ? prefixes[index] : prefixes[0],
  }));
}

/** `NAME: VALUE` lines; blank lines and `#` comments skipped. A message never shows a value. */
async function readHeaderFile(resolved: ResolvedSettings): Promise<Record<string, string>> {
  const path = textSetting(resolved, 'openapi-header-file');
  if (path === undefined) return {};
  const from = describeSource(sourceOf(resolved, 'openapi-header-file'));
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw invalid(`${from}: cannot read header file ${path} (${reason})`, 'openapi-header-file');
  }
  const headers: Record<string, string> = {};
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const separator = trimmed.indexOf(':');
    const name = trimmed.slice(0, Math.max(separator, 0)).trimEnd();
    if (separator < 0 || !HEADER_NAME.test(name)) {
      throw invalid(
        `${from}: line ${index + 1} of ${path} must be "NAME: VALUE" with NAME a header name`,
        'openapi-header-file',
      );
    }
    headers[name.toLowerCase()] = trimmed.slice(separator + 1).trim();
  }
  return headers;
}

function readHeaderEntries(resolved: ResolvedSettings): Record<string, string> {
  const entries = listSetting(resolved, 'openapi-header').map((entry) => {
    const separator = entry.indexOf('=');
    return [entry.slice(0, separator).toLowerCase(), entry.slice(separator + 1)] as const;
  });
  return Object.fromEntries(entries);
}

/**
 * The OpenAPI documents the settings name, with their prefixes, base URL, headers (the header
 * file read) and call timeout; `undefined` when `--openapi` is not given.
 *
 * @throws {CliError} `INVALID_ARGUMENT` (exit 1): prefixes that do not pair with the documents,
 *   a header file that cannot be read or has a line that is no header.
 * @example
 * ```ts
 * const sources = await readOpenapiSources(resolved); // { documents: [{ location, prefix }], ... }
 * ```
 */
export async function readOpenapiSources(
  resolved: ResolvedSettings,
): Promise<OpenapiSources | undefined> {
  const locations = listSetting(resolved, 'openapi');
  if (locations.length === 0) return undefined;
  const timeout = numberSetting(resolved, 'openapi-timeout');
  return {
    documents: pairPrefixes(resolved, locations),
    baseUrl: textSetting(resolved, 'openapi-base-url'),
    headers: { ...(await readHeaderFile(resolved)), ...readHeaderEntries(resolved) },
    timeoutMs: timeout === undefined ? undefined : timeout * 1000,
    allowExternalRefs: flagSetting(resolved, 'openapi-allow-external-refs'),
  };
}
