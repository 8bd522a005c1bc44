import type { EventDeliveryMode, EventTypeDefinition, Identity } from '@apcore-mcp/core';
import {
  EVENT_DELIVERY_MODES,
  type ModuleFilter,
  matchesModuleFilter,
} from '@apcore-mcp/core/bridge';
import type { AccessCheckingExecutor } from '../../../tools/tool-visibility.js';
import type { EventCaller } from './event-caller.js';

/**
 * Options of {@link EventVisibility}.
 *
 * @example
 * ```ts
 * const options: EventVisibilityOptions = { access: undefined, webhooks: true, tagFilter: { tags: ['public'] } };
 * ```
 */
export interface EventVisibilityOptions {
  readonly access: AccessCheckingExecutor | undefined;
  readonly webhooks: boolean;
  /** The server's tag filter (`tags`, `anyTags`, `excludeTags`); none: every type passes. */
  readonly tagFilter?: ModuleFilter;
  /**
   * Types the tag filter does not judge: the built-ins, which follow what the server serves
   * (the finished-task type follows the task tools, themselves filtered).
   */
  readonly unfiltered?: (type: EventTypeDefinition) => boolean;
}

/**
 * What each caller may see of the event types, and how each reaches it: a type is visible when
 * its tags pass the server's tag filter (as a module's do) and the executor's ACL lets the
 * caller call the type's name as a target (no ACL: every type). A hidden type answers
 * `NotFound`, never `Forbidden`, so its existence is not revealed.
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
  readonly #tagFilter: ModuleFilter;
  readonly #unfiltered: (type: EventTypeDefinition) => boolean;

  constructor(options: EventVisibilityOptions) {
    this.#access = options.access;
    this.#webhooks = options.webhooks;
    // The name is not a module id: only the tag parts of the filter apply.
    const { tags, anyTags, excludeTags } = options.tagFilter ?? {};
    this.#tagFilter = {
      ...(tags === undefined ? {} : { tags }),
      ...(anyTags === undefined ? {} : { anyTags }),
      ...(excludeTags === undefined ? {} : { excludeTags }),
    };
    this.#unfiltered = options.unfiltered ?? (() => false);
  }

  sees(type: EventTypeDefinition, identity: Identity | undefined): boolean {
    if (!this.#passesTags(type)) return false;
    return this.#access?.canCall(type.name, identity ?? null) ?? true;
  }

  #passesTags(type: EventTypeDefinition): boolean {
    return this.#unfiltered(type) || matchesModuleFilter(type.name, type.tags, this.#tagFilter);
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
