import { clientChannelOf } from '../channel/client-channel-of.js';
import { describeKind } from '../content/binary-data.js';
import { isRecord } from '../is-record.js';
import type { EmitOptions, EmittedEvent } from './event-emitter.js';

/**
 * Announces that something happened: stores an occurrence of the event type `name` for every
 * client subscribed to it (by poll, push or webhook). Resolves once it is stored, with its
 * `eventId`; outside an MCP call (a plain `executor.call()`, no context) resolves `undefined`
 * and stores nothing, like `reportProgress`.
 *
 * @throws {UnknownEventTypeError} when the server serves no type `name`.
 * @throws {SchemaValidationError} when `data` does not match the type's `payloadSchema`
 * (`errors` lists the fields).
 * @throws {EventTooLargeError} when the serialized occurrence is over 256 KiB.
 * @throws {TypeError} when `name` is not a string, `data` not an object or `eventId` not a
 * non-empty string.
 * @example
 * ```ts
 * execute: async ({ sku, onHand }, context) => {
 *   if (onHand < 5) await emit(context, 'stock.low', { sku, onHand }, { eventId: `low-${sku}` });
 *   return { ok: true };
 * },
 * ```
 */
export async function emit(
  context: { readonly data?: unknown } | null | undefined,
  name: string,
  data: Record<string, unknown>,
  options: EmitOptions = {},
): Promise<EmittedEvent | undefined> {
  checkEmit(name, data, options);
  const emitEvent = clientChannelOf(context)?.emitEvent;
  if (emitEvent === undefined) return undefined;
  return emitEvent(name, data, options.eventId === undefined ? {} : { eventId: options.eventId });
}

function checkEmit(name: unknown, data: unknown, options: unknown): void {
  if (typeof name !== 'string' || name === '') {
    throw new TypeError(`emit: name must be a non-empty string, got ${describeKind(name)}`);
  }
  if (!isRecord(data)) {
    throw new TypeError(`emit: data must be an object, got ${describeKind(data)}`);
  }
  if (!isRecord(options)) {
    throw new TypeError(`emit: options must be an object, got ${describeKind(options)}`);
  }
  const { eventId } = options;
  if (eventId !== undefined && (typeof eventId !== 'string' || eventId === '')) {
    throw new TypeError(`emit: eventId must be a non-empty string, got ${describeKind(eventId)}`);
  }
}
