import type { LoggedEvent } from '@apcore-mcp/core/bridge';

/** A stream entry as ioredis gives it: the id and the flat field/value list. */
export type StreamEntry = [id: string, fields: string[]];

/**
 * The stream fields of an occurrence (its name is the stream's).
 *
 * @example
 * ```ts
 * await redis.xadd(key, '*', ...toStreamFields(event));
 * ```
 */
export function toStreamFields(event: Omit<LoggedEvent, 'position'>): string[] {
  const fields = ['e', event.eventId, 't', event.timestamp, 'd', JSON.stringify(event.data)];
  if (event.audience !== undefined) fields.push('a', event.audience);
  return fields;
}

/**
 * The occurrence a stream entry of `name`'s log holds.
 *
 * @example
 * ```ts
 * const event = fromStreamEntry('stock.low', ['1-0', ['e', 'evt_1', 't', now, 'd', '{}']]);
 * ```
 */
export function fromStreamEntry(name: string, [id, fields]: StreamEntry): LoggedEvent {
  const values = fieldMap(fields);
  const audience = values.get('a');
  return {
    position: id,
    eventId: values.get('e') ?? '',
    name,
    timestamp: values.get('t') ?? '',
    data: JSON.parse(values.get('d') ?? '{}') as Record<string, unknown>,
    ...(audience === undefined ? {} : { audience }),
  };
}

/**
 * A stream entry's flat field/value list as a map.
 *
 * @example
 * ```ts
 * fieldMap(['e', 'evt_1', 't', now]).get('e'); // 'evt_1'
 * ```
 */
export function fieldMap(fields: readonly string[]): Map<string, string> {
  const values = new Map<string, string>();
  for (let index = 0; index + 1 < fields.length; index += 2) {
    values.set(fields[index] as string, fields[index + 1] as string);
  }
  return values;
}
