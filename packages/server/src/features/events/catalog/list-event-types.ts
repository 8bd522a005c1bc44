import type { EventDeliveryMode, JsonSchema } from '@apcore-mcp/core';
import { invalidEventParams } from '../wire/event-errors.js';
import type { EventCaller } from './event-caller.js';
import type { EventCatalog } from './event-catalog.js';
import type { EventVisibility } from './event-visibility.js';

/** How many types one page of `events/list` holds. */
const PAGE_SIZE = 100;

/**
 * One entry of `events/list`.
 *
 * @example
 * ```ts
 * const listed: ListedEventType = { name: 'stock.low', description: '', delivery: ['poll'], inputSchema, payloadSchema };
 * ```
 */
export interface ListedEventType {
  name: string;
  description: string;
  delivery: EventDeliveryMode[];
  inputSchema: JsonSchema;
  payloadSchema: JsonSchema;
}

/**
 * `events/list` for `caller`: the types it may see, each with the delivery modes it may use
 * (a type it can reach by none is left out), a page at a time.
 *
 * @throws {ProtocolError} InvalidParams for a cursor that is not one of this list's.
 * @example
 * ```ts
 * const { events, nextCursor } = listEventTypes({ catalog, visibility }, caller, undefined);
 * ```
 */
export function listEventTypes(
  parts: { catalog: EventCatalog; visibility: EventVisibility },
  caller: EventCaller,
  cursor: string | undefined,
): { events: ListedEventType[]; nextCursor?: string } {
  const listed = parts.catalog.current().flatMap(({ type }) => {
    if (!parts.visibility.sees(type, caller.identity)) return [];
    const delivery = parts.visibility.deliveryFor(type, caller);
    if (delivery.length === 0) return [];
    const { name, description, inputSchema, payloadSchema } = type;
    return [{ name, description, delivery, inputSchema, payloadSchema }];
  });
  const offset = cursor === undefined ? 0 : readOffset(cursor);
  const page = listed.slice(offset, offset + PAGE_SIZE);
  const next = offset + PAGE_SIZE;
  return {
    events: page,
    ...(next < listed.length ? { nextCursor: Buffer.from(`o:${next}`).toString('base64url') } : {}),
  };
}

function readOffset(cursor: string): number {
  const match = /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (match?.[1] === undefined)
    throw invalidEventParams('cursor is not one of events/list', 'cursor');
  return Number(match[1]);
}
