import type { Logger } from '@apcore-mcp/core/bridge';
import type { Server } from '@modelcontextprotocol/server';
import { revisionOfVersion } from '../revisions/pick-revision.js';
import type { ResourceSubscriptions } from './resource-subscriptions.js';

/**
 * A list of what is served beside the tools that can change: `resources` (the resources and
 * the templates, announced together as `notifications/resources/list_changed`) or `prompts`.
 *
 * @example
 * ```ts
 * const list: DefinitionListName = 'prompts';
 * ```
 */
export type DefinitionListName = 'resources' | 'prompts';

/**
 * Where a runtime's features tell of a change of what they serve, and how it reaches every
 * client: the live SDK servers (a 2025-11-25 session, a stdio connection) are sent the
 * notification, and the listeners (the 2026-07-28 HTTP endpoint's `subscriptions/listen`
 * streams) hear it. A listener that throws, or a notification that cannot be sent, is logged;
 * nothing is thrown.
 *
 * @example
 * ```ts
 * const changes = new ServerChangeHub({ servers: () => live, subscriptions, logger });
 * changes.onDefinitionListChanged((list) => stream.notify(list));
 * changes.listChanged('prompts');
 * ```
 */
export class ServerChangeHub {
  readonly #servers: () => Iterable<Server>;
  readonly #subscriptions: ResourceSubscriptions;
  readonly #logger: Logger;
  readonly #updateListeners = new Set<(uri: string) => void>();
  readonly #listListeners = new Set<(list: DefinitionListName) => void>();

  /** `subscriptions`: what each 2025-11-25 connection subscribed to. */
  constructor(options: {
    servers: () => Iterable<Server>;
    subscriptions: ResourceSubscriptions;
    logger: Logger;
  }) {
    this.#servers = options.servers;
    this.#subscriptions = options.subscriptions;
    this.#logger = options.logger;
  }

  /** Calls `listener` with the URI of every resource update; returns the unsubscribe. */
  readonly onResourceUpdated = (listener: (uri: string) => void): (() => void) => {
    this.#updateListeners.add(listener);
    return () => this.#updateListeners.delete(listener);
  };

  /** Calls `listener` with each list announced as changed; returns the unsubscribe. */
  readonly onDefinitionListChanged = (
    listener: (list: DefinitionListName) => void,
  ): (() => void) => {
    this.#listListeners.add(listener);
    return () => this.#listListeners.delete(listener);
  };

  /**
   * The resource at `uri` changed: the listeners hear it, and so does each server as its
   * revision says (a 2025-11-25 connection that subscribed to the URI; a 2026-07-28 instance
   * always: on stdio the SDK delivers it to the `subscriptions/listen` streams that asked for
   * it, a per-request HTTP instance drops it, its streams hear it from the listeners instead).
   */
  resourceUpdated(uri: string): void {
    this.#tell(this.#updateListeners, uri, { uri }, 'a resource update');
    for (const server of this.#servers()) {
      if (server.transport === undefined || !this.#wantsUpdate(server, uri)) continue;
      server.sendResourceUpdated({ uri }).catch((error: unknown) => {
        this.#logger.warn({ err: error, uri }, 'Could not send resources/updated to a client');
      });
    }
  }

  /**
   * The list `list` changed: the listeners hear it, and every live server sends its
   * `list_changed` notification (on stdio, the SDK turns it into the listen streams'
   * notification for a 2026-07-28 client).
   */
  listChanged(list: DefinitionListName): void {
    this.#tell(this.#listListeners, list, { list }, `a ${list} list change`);
    for (const server of this.#servers()) {
      if (server.transport === undefined) continue;
      const sent =
        list === 'resources' ? server.sendResourceListChanged() : server.sendPromptListChanged();
      sent.catch((error: unknown) => {
        this.#logger.warn({ err: error, list }, `Could not send ${list}/list_changed to a client`);
      });
    }
  }

  #tell<T>(listeners: Set<(value: T) => void>, value: T, fields: object, what: string): void {
    for (const listener of listeners) {
      try {
        listener(value);
      } catch (error) {
        this.#logger.warn({ err: error, ...fields }, `Could not publish ${what}`);
      }
    }
  }

  #wantsUpdate(server: Server, uri: string): boolean {
    const revision = revisionOfVersion(server.getNegotiatedProtocolVersion());
    return !revision.updatesNeedSubscription || this.#subscriptions.has(server, uri);
  }
}
