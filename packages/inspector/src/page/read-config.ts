import { CONFIG_ELEMENT_ID, type InspectorPageConfig } from '../page-config.js';

/**
 * The config the server embedded in the page; a safe read-only default when it is missing or
 * broken (a page opened from a file), so the page still says what is wrong.
 *
 * @example
 * ```ts
 * const config = readPageConfig(document);
 * ```
 */
export function readPageConfig(document: Document): InspectorPageConfig {
  const fallback: InspectorPageConfig = {
    endpoint: '/mcp',
    transport: 'streamable-http',
    allowExecute: false,
    authRequired: false,
  };
  try {
    const text = document.getElementById(CONFIG_ELEMENT_ID)?.textContent ?? '';
    const parsed = JSON.parse(text) as Partial<InspectorPageConfig>;
    return {
      endpoint: typeof parsed.endpoint === 'string' ? parsed.endpoint : fallback.endpoint,
      transport: parsed.transport === 'sse' ? 'sse' : 'streamable-http',
      allowExecute: parsed.allowExecute === true,
      authRequired: parsed.authRequired === true,
    };
  } catch {
    return fallback;
  }
}
