import type { ServerCapabilities } from '@modelcontextprotocol/server';

/**
 * The events extension's identifier (SEP-3415), under `capabilities.extensions` (2026-07-28):
 * a server that lists it serves `events/*`. ChatGPT also reads a top-level `events` capability
 * ({@link EVENTS_CAPABILITY_KEY}); both exist only on 2026-07-28.
 *
 * @example
 * ```ts
 * const capabilities = { extensions: { [EVENTS_EXTENSION]: {} }, [EVENTS_CAPABILITY_KEY]: {} };
 * ```
 */
export const EVENTS_EXTENSION = 'io.modelcontextprotocol/events';

/** The top-level capability ChatGPT's integration guide reads beside {@link EVENTS_EXTENSION}. */
export const EVENTS_CAPABILITY_KEY = 'events';

/**
 * `capabilities` without the events extension and the top-level `events` key: what a revision
 * without events (2025-11-25) declares.
 *
 * @example
 * ```ts
 * withoutEvents({ tools: {}, extensions: { [EVENTS_EXTENSION]: {} } }); // { tools: {} }
 * ```
 */
export function withoutEvents(capabilities: ServerCapabilities): ServerCapabilities {
  const { extensions, ...rest } = capabilities as ServerCapabilities & Record<string, unknown>;
  delete rest[EVENTS_CAPABILITY_KEY];
  if (extensions === undefined || !(EVENTS_EXTENSION in extensions)) {
    return extensions === undefined ? rest : { ...rest, extensions };
  }
  const { [EVENTS_EXTENSION]: _events, ...others } = extensions;
  return Object.keys(others).length === 0 ? rest : { ...rest, extensions: others };
}
