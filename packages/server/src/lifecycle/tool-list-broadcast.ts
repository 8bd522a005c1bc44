import type { Server } from '@modelcontextprotocol/server';
import type { Logger } from '../kernel/logger.js';

/**
 * Tells everyone that the tool list changed: the listeners (the 2026-07-28 HTTP handler, which
 * publishes it to its `subscriptions/listen` streams) and every live SDK server (sessions and
 * stdio connections). Failures are logged, never thrown.
 *
 * @example
 * ```ts
 * const broadcast = new ToolListBroadcast(() => liveServers, logger);
 * broadcast.send();
 * ```
 */
export class ToolListBroadcast {
  readonly #listeners = new Set<() => void>();
  readonly #servers: () => Iterable<Server>;
  readonly #logger: Logger;

  constructor(servers: () => Iterable<Server>, logger: Logger) {
    this.#servers = servers;
    this.#logger = logger;
  }

  /** Calls `listener` on every change; returns the unsubscribe function. */
  readonly listen = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Sends `notifications/tools/list_changed` to every live server and tells the listeners. */
  send(): void {
    for (const listener of this.#listeners) {
      try {
        listener();
      } catch (error) {
        this.#logger.warn({ err: error }, 'Could not publish a tool list change');
      }
    }
    for (const server of this.#servers()) {
      if (server.transport === undefined) continue;
      server.sendToolListChanged().catch((error: unknown) => {
        this.#logger.warn({ err: error }, 'Could not send tools/list_changed to a session');
      });
    }
  }
}
