import { randomBytes } from 'node:crypto';
import {
  type EmittedEvent,
  EventTooLargeError,
  SchemaValidationError,
  UnknownEventTypeError,
} from '@apcore-mcp/core';
import type { EventLog, EventLogBounds } from '@apcore-mcp/core/bridge';
import type { AttachedEventHub, HubEmitOptions } from '../../../kernel/event-hub.js';
import type { EventCatalog } from '../catalog/event-catalog.js';
import { MAX_EVENT_BYTES } from '../wire/events-wire.js';

/**
 * The server's event hub: checks each emit (a served type, a payload matching its schema, at
 * most 256 KiB serialized) and appends it to the backend's log, where every reader finds it.
 * Every check throws at the emitter, before anything is stored.
 *
 * @example
 * ```ts
 * runtime.events.attach(createEventHub({ catalog, log, bounds }));
 * ```
 */
export function createEventHub(options: {
  catalog: EventCatalog;
  log: EventLog;
  bounds: EventLogBounds;
}): AttachedEventHub {
  const { catalog, log, bounds } = options;
  return {
    addBuiltIn: (type) => catalog.addBuiltIn(type),
    async emit(name, data, emitOptions?: HubEmitOptions): Promise<EmittedEvent> {
      const served = catalog.find(name);
      if (served === undefined) throw new UnknownEventTypeError(name);
      const errors = served.checkPayload(data);
      if (errors.length > 0) {
        throw new SchemaValidationError({
          message: `The payload of event ${name} does not match its payloadSchema`,
          errors: [...errors],
        });
      }
      const eventId = emitOptions?.eventId ?? newEventId();
      const event = {
        eventId,
        name,
        timestamp: new Date().toISOString(),
        data: structuredClone(data),
        ...(emitOptions?.audience === undefined ? {} : { audience: emitOptions.audience }),
      };
      const bytes = Buffer.byteLength(JSON.stringify(event));
      if (bytes > MAX_EVENT_BYTES) {
        throw new EventTooLargeError({ name, bytes, maxBytes: MAX_EVENT_BYTES });
      }
      await log.append(event, bounds);
      return { eventId };
    },
  };
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** `evt_` and 16 random bytes in lower-case base32 (no padding): unguessable, URL- and header-safe. */
function newEventId(): string {
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of randomBytes(16)) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += BASE32[(value << (5 - bits)) & 31];
  return `evt_${text}`;
}
