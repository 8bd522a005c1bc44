import { readFile } from 'node:fs/promises';
import { OpenapiError } from '../openapi-error.js';
import { isUrl } from './spec-location.js';

/** How {@link readSpecText} fetches a document from a URL. */
export interface SpecFetchOptions {
  headers?: Readonly<Record<string, string>>;
  timeoutMs: number;
}

/**
 * The text of the document at `location` (a resolved path or URL). Failures name the location
 * the operator configured and nothing else (no errno text).
 */
export async function readSpecText(location: string, options: SpecFetchOptions): Promise<string> {
  if (!isUrl(location)) {
    try {
      return await readFile(location, 'utf8');
    } catch (error) {
      throw new OpenapiError('unreadable', `Cannot read the OpenAPI document ${location}`, {
        details: { location },
        cause: error,
      });
    }
  }
  let response: Response;
  try {
    response = await fetch(location, {
      headers: {
        accept: 'application/json, application/yaml;q=0.9, */*;q=0.5',
        ...options.headers,
      },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    throw new OpenapiError('unreadable', `Cannot fetch the OpenAPI document ${location}`, {
      details: { location },
      cause: error,
    });
  }
  if (!response.ok) {
    throw new OpenapiError(
      'unreadable',
      `Cannot fetch the OpenAPI document ${location}: HTTP ${response.status}`,
      { details: { location, status: response.status } },
    );
  }
  return response.text();
}
