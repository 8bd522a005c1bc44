import type { Server } from '@modelcontextprotocol/server';
import { DEFAULT_MAX_SUBSCRIPTIONS_PER_SESSION } from './resource-bound-defaults.js';

/**
 * The resources each 2025-11-25 connection subscribed to with `resources/subscribe`, so that a
 * resource's update reaches exactly those that asked, at most `maxPerSession` URIs per
 * connection. (2026-07-28 clients subscribe through `subscriptions/listen`, which the SDK keeps
 * itself.) Forgotten with the connection's server.
 *
 * @example
 * ```ts
 * const subscriptions = new ResourceSubscriptions({ maxPerSession: 100 });
 * subscriptions.add(server, 'test://watched-resource'); // true
 * subscriptions.has(server, 'test://watched-resource'); // true
 * ```
 */
export class ResourceSubscriptions {
  readonly #byServer = new WeakMap<Server, Set<string>>();
  /** The most URIs one connection may be subscribed to at once. */
  readonly maxPerSession: number;

  constructor(options: { maxPerSession?: number } = {}) {
    this.maxPerSession = options.maxPerSession ?? DEFAULT_MAX_SUBSCRIPTIONS_PER_SESSION;
  }

  /**
   * `server` wants to hear about `uri`; `false` (and nothing kept) when it already holds
   * {@link maxPerSession} other subscriptions. Subscribing again to the same URI is no new one.
   */
  add(server: Server, uri: string): boolean {
    let uris = this.#byServer.get(server);
    if (uris === undefined) {
      uris = new Set();
      this.#byServer.set(server, uris);
    }
    if (!uris.has(uri) && uris.size >= this.maxPerSession) return false;
    uris.add(uri);
    return true;
  }

  /** `server` no longer wants to hear about `uri` (nothing happens if it never asked). */
  remove(server: Server, uri: string): void {
    this.#byServer.get(server)?.delete(uri);
  }

  /** Whether `server` subscribed to `uri`. */
  has(server: Server, uri: string): boolean {
    return this.#byServer.get(server)?.has(uri) === true;
  }
}
