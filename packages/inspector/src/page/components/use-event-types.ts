import type { Client } from '@modelcontextprotocol/client';
import { useEffect, useState } from 'preact/hooks';
import type { JsonSchema } from '../logic/json-schema.js';
import { type EventsEndpoint, sendEventRequest } from '../mcp/event-requests.js';
import type { ServerLists } from './use-connection.js';

/** One entry of `events/list`, as the page shows it. */
export interface EventTypeInfo {
  name: string;
  description: string;
  delivery: string[];
  inputSchema: JsonSchema;
  payloadSchema: JsonSchema;
}

/** The extension a server with event types declares in its capabilities. */
const EVENTS_EXTENSION = 'io.modelcontextprotocol/events';

/** The method behind "Emit test event", served only when the server is told to. */
export const EMIT_TEST_EVENT_METHOD = 'apcore-mcp/emitTestEvent';

/**
 * The server's event types (every page of `events/list`), read once connected and again when
 * the lists change (a watched definition file changes both). None unless the server declares
 * the events extension (2026-07-28 only, and only while it has types), so that a server without
 * events is never asked (its `-32601` answers are HTTP 404s a browser reports as errors).
 *
 * @example
 * ```ts
 * const types = useEventTypes(endpoint, client, lists);
 * ```
 */
export function useEventTypes(
  endpoint: EventsEndpoint,
  client: Client | undefined,
  lists: ServerLists,
): EventTypeInfo[] {
  const [types, setTypes] = useState<EventTypeInfo[]>([]);
  useEffect(() => {
    const extensions = client?.getServerCapabilities()?.extensions as
      | Record<string, unknown>
      | undefined;
    if (extensions?.[EVENTS_EXTENSION] === undefined) {
      setTypes([]);
      return;
    }
    let current = true;
    readEventTypes(endpoint).then(
      (found) => current && setTypes(found),
      () => current && setTypes([]),
    );
    return () => {
      current = false;
    };
  }, [client, endpoint, lists]);
  return types;
}

async function readEventTypes(endpoint: EventsEndpoint): Promise<EventTypeInfo[]> {
  const types: EventTypeInfo[] = [];
  let cursor: string | undefined;
  do {
    const page = await sendEventRequest(
      endpoint,
      'events/list',
      cursor === undefined ? {} : { cursor },
    );
    types.push(...((page.events ?? []) as EventTypeInfo[]));
    cursor = typeof page.nextCursor === 'string' ? page.nextCursor : undefined;
  } while (cursor !== undefined);
  return types;
}
