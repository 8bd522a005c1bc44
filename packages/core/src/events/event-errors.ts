import { ApcoreMcpError } from '../errors/apcore-mcp-error.js';

const UNKNOWN_MARKER = Symbol.for('apcore-mcp.error.UnknownEventTypeError');
const TOO_LARGE_MARKER = Symbol.for('apcore-mcp.error.EventTooLargeError');
const NOT_SERVED_MARKER = Symbol.for('apcore-mcp.error.EventsNotServedError');

/**
 * An emit named an event type the server does not serve: thrown from `emit`'s `await` in the
 * module, before anything is stored.
 *
 * @example
 * ```ts
 * throw new UnknownEventTypeError('stock.lwo');
 * ```
 */
export class UnknownEventTypeError extends ApcoreMcpError {
  constructor(name: string) {
    super({
      code: 'UNKNOWN_EVENT_TYPE',
      message: `Unknown event type: ${name}`,
      details: { name },
    });
    this.name = 'UnknownEventTypeError';
    Object.defineProperty(this, UNKNOWN_MARKER, { value: true });
  }

  /** Whether `value` is an {@link UnknownEventTypeError} (from any copy of this package). */
  static override isInstance(value: unknown): value is UnknownEventTypeError {
    return ApcoreMcpError.hasMarker(value, UNKNOWN_MARKER);
  }
}

/** What an {@link EventTooLargeError} says. */
export interface EventTooLargeErrorInit {
  /** The event type. */
  name: string;
  /** The size of the serialized occurrence, in bytes. */
  bytes: number;
  /** The largest the server stores and delivers. */
  maxBytes: number;
}

/**
 * An emitted occurrence is larger, serialized, than the server stores and delivers (256 KiB,
 * the bound of a webhook body): thrown at the emitter, before anything is stored.
 *
 * @example
 * ```ts
 * throw new EventTooLargeError({ name: 'report.ready', bytes: 300_000, maxBytes: 262_144 });
 * ```
 */
export class EventTooLargeError extends ApcoreMcpError {
  constructor(init: EventTooLargeErrorInit) {
    super({
      code: 'EVENT_TOO_LARGE',
      message: `Event ${init.name} is ${init.bytes} bytes serialized; at most ${init.maxBytes} are delivered`,
      details: { name: init.name, bytes: init.bytes, maxBytes: init.maxBytes },
    });
    this.name = 'EventTooLargeError';
    Object.defineProperty(this, TOO_LARGE_MARKER, { value: true });
  }

  /** Whether `value` is an {@link EventTooLargeError} (from any copy of this package). */
  static override isInstance(value: unknown): value is EventTooLargeError {
    return ApcoreMcpError.hasMarker(value, TOO_LARGE_MARKER);
  }
}

/**
 * An event was emitted through a server whose events are not open (yet, or any more): before
 * its start finished, or after it closed.
 *
 * @example
 * ```ts
 * throw new EventsNotServedError();
 * ```
 */
export class EventsNotServedError extends ApcoreMcpError {
  constructor() {
    super({
      code: 'EVENTS_NOT_SERVED',
      message: 'Events are not served: the server has not started serving them, or has closed',
    });
    this.name = 'EventsNotServedError';
    Object.defineProperty(this, NOT_SERVED_MARKER, { value: true });
  }

  /** Whether `value` is an {@link EventsNotServedError} (from any copy of this package). */
  static override isInstance(value: unknown): value is EventsNotServedError {
    return ApcoreMcpError.hasMarker(value, NOT_SERVED_MARKER);
  }
}
