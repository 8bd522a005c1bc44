import type { EventDeliveryMode, EventTypeDefinition, Identity } from '@apcore-mcp/core';
import { EVENT_DELIVERY_MODES } from '@apcore-mcp/core/bridge';
import type { AccessCheckingExecutor } from '../../../tools/tool-visibility.js';
import type { EventCaller } from './event-caller.js';

/**
 * What each caller may see of the event types, and how each reaches it: a type is visible when
 * the executor's ACL lets the caller call the type's name as a target (no ACL: every type).
 * A hidden type answers `NotFound`, never `Forbidden`, so its existence is not revealed.
 *
 * @example
 * ```ts
 * const visibility = new EventVisibility({ access: readAccessCheck(executor), webhooks: true });
 * visibility.sees(type, identity);
 * ```
 */
export class EventVisibility {
  readonly #access: AccessCheckingExecutor | undefined;
  readonly #webhooks: boolean;

  constructor(options: { access: AccessCheckingExecutor | undefined; webhooks: boolean }) {
    this.#access = options.access;
    this.#webhooks = options.webhooks;
  }

  sees(type: EventTypeDefinition, identity: Identity | undefined): boolean {
    return this.#access?.canCall(type.name, identity ?? null) ?? true;
  }

  /**
   * The delivery modes `caller` may use for `type`: those the type allows; poll only with
   * replay (it reads by cursor); webhook only for an authenticated caller over HTTP on a
   * server that delivers webhooks.
   */
  deliveryFor(type: EventTypeDefinition, caller: EventCaller): EventDeliveryMode[] {
    const allowed = type.delivery ?? EVENT_DELIVERY_MODES;
    return allowed.filter((mode) => {
      if (mode === 'poll') return type.replay;
      if (mode === 'webhook') return this.#webhooks && caller.authenticated && caller.overHttp;
      return true;
    });
  }
}
