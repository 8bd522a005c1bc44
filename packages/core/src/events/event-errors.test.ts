import { describe, expect, it } from 'vitest';
import { ApcoreMcpError } from '../errors/apcore-mcp-error.js';
import { EventsNotServedError, EventTooLargeError, UnknownEventTypeError } from './event-errors.js';

describe('event errors', () => {
  it('carry their code and details, and are told apart by marker', () => {
    const unknown = new UnknownEventTypeError('stock.lwo');
    expect(unknown).toMatchObject({
      code: 'UNKNOWN_EVENT_TYPE',
      message: 'Unknown event type: stock.lwo',
      details: { name: 'stock.lwo' },
    });
    const large = new EventTooLargeError({ name: 'a', bytes: 300_000, maxBytes: 262_144 });
    expect(large.code).toBe('EVENT_TOO_LARGE');
    expect(large.details).toEqual({ name: 'a', bytes: 300_000, maxBytes: 262_144 });
    expect(new EventsNotServedError().code).toBe('EVENTS_NOT_SERVED');
    expect(UnknownEventTypeError.isInstance(unknown)).toBe(true);
    expect(UnknownEventTypeError.isInstance(large)).toBe(false);
    expect(EventTooLargeError.isInstance(large)).toBe(true);
    expect(ApcoreMcpError.isInstance(new EventsNotServedError())).toBe(true);
  });
});
