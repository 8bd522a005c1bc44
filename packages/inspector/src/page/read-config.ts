import { CONFIG_ELEMENT_ID, type InspectorPageConfig } from '../page-config.js';
import { readNotServed } from './logic/not-served.js';

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
    notServed: [],
  };
  try {
    const text = document.getElementById(CONFIG_ELEMENT_ID)?.textContent ?? '';
    const parsed = JSON.parse(text) as Partial<InspectorPageConfig>;
    return {
      endpoint: typeof parsed.endpoint === 'string' ? parsed.endpoint : fallback.endpoint,
      transport: parsed.transport === 'sse' ? 'sse' : 'streamable-http',
      allowExecute: parsed.allowExecute === true,
      authRequired: parsed.authRequired === true,
      notServed: readNotServed(parsed.notServed),
    };
  } catch {
    return fallback;
  }
}

/**
 * The config the server embeds in the page right now: the page is fetched again (it is never
 * cached) and its config read, so what changed since the page loaded shows.
 *
 * @example
 * ```ts
 * const { notServed } = await fetchPageConfig(window.location.href);
 * ```
 */
export async function fetchPageConfig(pageUrl: string): Promise<InspectorPageConfig> {
  const response = await fetch(pageUrl, { cache: 'no-store' });
  if (!response.ok) throw new Error(`The page answered ${response.status}`);
  const html = await response.text();
  return readPageConfig(new DOMParser().parseFromString(html, 'text/html'));
}
