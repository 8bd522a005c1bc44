import { isAbsolute, resolve } from 'node:path';
import { type Logger, silentLogger } from '@apcore-mcp/core/bridge';

/** Options of {@link resolveSpecLocation}. */
export interface SpecLocationOptions {
  /** The base of a relative path. Default: the process's working directory. */
  projectRoot?: string;
  /** Told (warn) when the value is empty. */
  logger?: Logger;
}

/**
 * Where a configured document lives: an `http://` or `https://` value verbatim (the scheme
 * decides, never the string's shape), an absolute path as it is, a relative path against
 * `projectRoot` (not the working directory). An empty value is no path at all: it is discarded
 * with a warning and `undefined` returned, so the caller falls through to its next source
 * rather than reading the project root itself.
 *
 * @example
 * ```ts
 * resolveSpecLocation('./openapi.json', { projectRoot: '/srv/project' }); // '/srv/project/openapi.json'
 * resolveSpecLocation('https://api.example.com/openapi.json'); // the URL, unchanged
 * ```
 */
export function resolveSpecLocation(
  value: string,
  options: SpecLocationOptions = {},
): string | undefined {
  if (value.trim() === '') {
    (options.logger ?? silentLogger).warn(
      'The OpenAPI document location is empty: ignored (set it to a file path or an http(s) URL)',
    );
    return undefined;
  }
  if (isUrl(value)) return value;
  if (isAbsolute(value)) return value;
  return resolve(options.projectRoot ?? process.cwd(), value);
}

/** Whether a document location is an `http(s)://` URL. */
export function isUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}
