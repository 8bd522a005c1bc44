// The shapes an emit takes and gives: apart from `emit` itself, so that the client channel
// can name its emitter without importing the helper that reads the channel.

/**
 * What an emit may say besides the type and data.
 *
 * @example
 * ```ts
 * const options: EmitOptions = { eventId: `stock-${sku}-${day}` };
 * ```
 */
export interface EmitOptions {
  /**
   * The occurrence's id, the key clients drop duplicates by: give the upstream id (an order
   * number) so that emitting one happening twice (a retried module, two instances hearing one
   * change) stores it once. Default: a fresh random id.
   */
  eventId?: string;
}

/**
 * An occurrence that was stored: its id (the one given, or the one the server made).
 *
 * @example
 * ```ts
 * const { eventId }: EmittedEvent = await server.emit('order.placed', { orderId });
 * ```
 */
export interface EmittedEvent {
  eventId: string;
}

/**
 * How a server stores one occurrence: checks the type is served and `data` matches its
 * `payloadSchema`, then stores it for its subscribers. A call's client channel carries one
 * (`emitEvent`); hosts offer one as `emit`.
 *
 * @example
 * ```ts
 * const channel = { emitEvent: (name, data, options) => hub.emit(name, data, options) };
 * ```
 */
export type McpEventEmitter = (
  name: string,
  data: Record<string, unknown>,
  options?: EmitOptions,
) => Promise<EmittedEvent>;
