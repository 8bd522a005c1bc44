import type { ServerCapabilities } from '@modelcontextprotocol/server';
import { EVENTS_CAPABILITY_KEY, EVENTS_EXTENSION } from '../../../kernel/events-extension.js';

/**
 * What a server with events declares on 2026-07-28: the extension (SEP-3415), `{}` (no
 * list-change notices), and the top-level `events` key ChatGPT's integration guide reads (the
 * SEP does not define it; it harms no SEP client). The 2025-11-25 codec removes both.
 *
 * @example
 * ```ts
 * capabilities: () => (catalog.current().length > 0 ? eventsCapabilities() : {}),
 * ```
 */
export function eventsCapabilities(): ServerCapabilities {
  return {
    extensions: { [EVENTS_EXTENSION]: {} },
    [EVENTS_CAPABILITY_KEY]: {},
  } as ServerCapabilities;
}
