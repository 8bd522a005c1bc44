import {
  type EmitOptions,
  type EmittedEvent,
  EventsNotServedError,
  type EventTypeDefinition,
} from '@apcore-mcp/core';

/**
 * What an emit through the server may say: the module's options, and the one subject that
 * receives the occurrence (a task's owner), for the server's own and the application's emits.
 *
 * @example
 * ```ts
 * const options: HubEmitOptions = { eventId: `task_${taskId}_completed`, audience: owner };
 * ```
 */
export interface HubEmitOptions extends EmitOptions {
  /** The only subject that sees the occurrence; absent: every subject the ACL lets see its type. */
  audience?: string;
}

/**
 * Where the server stores event occurrences: checks the type is served, the payload against
 * its schema and the size, then appends it to the log its subscribers read.
 *
 * @example
 * ```ts
 * const { eventId } = await hub.emit('stock.low', { sku: 'a', onHand: 1 });
 * ```
 */
export interface EventHub {
  /**
   * @throws {UnknownEventTypeError} for a type not served.
   * @throws {SchemaValidationError} when `data` does not match the type's `payloadSchema`.
   * @throws {EventTooLargeError} when the occurrence is over the size bound.
   */
  emit(
    name: string,
    data: Record<string, unknown>,
    options?: HubEmitOptions,
  ): Promise<EmittedEvent>;
}

/**
 * An {@link EventHub} the events feature attaches: it also takes the server's built-in types.
 *
 * @example
 * ```ts
 * runtime.events.attach({ emit: (name, data, options) => log.emit(...), addBuiltIn: (type) => catalog.add(type) });
 * ```
 */
export interface AttachedEventHub extends EventHub {
  /** Serves a built-in type (`apcore-mcp.task.finished`) beside the defined ones. */
  addBuiltIn(type: EventTypeDefinition): void;
}

/**
 * The late-bound seat of the server's event hub, on the feature runtime: features open in the
 * order of the feature list, so one that emits (tasks) opens before the events feature
 * attaches its hub. Built-in types it is given wait here until a hub attaches; an emit before
 * that, or after the hub detached, rejects with {@link EventsNotServedError}.
 *
 * @example
 * ```ts
 * runtime.events.defineBuiltIn(TASK_FINISHED_EVENT);
 * await runtime.events.emit(TASK_FINISHED_EVENT.name, data, { eventId, audience: owner });
 * ```
 */
export class EventHubSlot implements EventHub {
  #hub: AttachedEventHub | undefined;
  readonly #builtIns = new Map<string, EventTypeDefinition>();

  /**
   * Serves `type` as a built-in once a hub attaches (at once when one is attached).
   *
   * @throws {Error} when a built-in of that name was given already.
   */
  defineBuiltIn(type: EventTypeDefinition): void {
    if (this.#builtIns.has(type.name)) {
      throw new Error(`The built-in event type ${type.name} is defined twice`);
    }
    this.#builtIns.set(type.name, type);
    this.#hub?.addBuiltIn(type);
  }

  /** The built-in types given so far. */
  get builtIns(): readonly EventTypeDefinition[] {
    return [...this.#builtIns.values()];
  }

  /** Whether a hub takes emits now. */
  get attached(): boolean {
    return this.#hub !== undefined;
  }

  /**
   * Makes `hub` take every emit, and gives it the built-ins defined so far; returns the detach.
   *
   * @throws {Error} when a hub is attached already.
   */
  attach(hub: AttachedEventHub): () => void {
    if (this.#hub !== undefined) throw new Error('An event hub is attached already');
    this.#hub = hub;
    for (const type of this.#builtIns.values()) hub.addBuiltIn(type);
    return () => {
      if (this.#hub === hub) this.#hub = undefined;
    };
  }

  emit(
    name: string,
    data: Record<string, unknown>,
    options?: HubEmitOptions,
  ): Promise<EmittedEvent> {
    const hub = this.#hub;
    if (hub === undefined) return Promise.reject(new EventsNotServedError());
    return hub.emit(name, data, options);
  }
}
