import { isRecord } from '@apcore-mcp/core/bridge';
import { OpenapiError } from '../openapi-error.js';

/** A server URL with its `{variables}` replaced by their defaults; `undefined` when one has none. */
function fillVariables(server: Record<string, unknown>): string | undefined {
  if (typeof server.url !== 'string') return undefined;
  const variables = isRecord(server.variables) ? server.variables : {};
  let complete = true;
  const url = server.url.replace(/\{([^}]*)\}/g, (_match, name: string) => {
    const variable = variables[name];
    if (isRecord(variable) && typeof variable.default === 'string') return variable.default;
    complete = false;
    return '';
  });
  return complete ? url : undefined;
}

function parseAbsolute(url: string): URL | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where an operation's calls go: `baseUrl` when given, else the document's first server URL
 * when it is absolute (its variables taking their defaults). A relative server URL, or a
 * templated one without defaults, counts as none.
 *
 * @throws {OpenapiError} (`no-base-url`) when there is neither, or `baseUrl` is not an http(s) URL.
 */
export function resolveBaseUrl(
  document: Record<string, unknown>,
  baseUrl: string | undefined,
): URL {
  if (baseUrl !== undefined) {
    const parsed = parseAbsolute(baseUrl);
    if (parsed === undefined) {
      throw new OpenapiError(
        'no-base-url',
        `base_url (baseUrl) must be an absolute http(s) URL, got ${JSON.stringify(baseUrl)}`,
      );
    }
    return parsed;
  }
  const [first] = Array.isArray(document.servers) ? document.servers : [];
  const fromDocument = isRecord(first) ? fillVariables(first) : undefined;
  const parsed = fromDocument === undefined ? undefined : parseAbsolute(fromDocument);
  if (parsed === undefined) {
    throw new OpenapiError(
      'no-base-url',
      'The OpenAPI document names no absolute server URL: set base_url (the baseUrl option, --openapi-base-url) to where the API is',
    );
  }
  return parsed;
}
