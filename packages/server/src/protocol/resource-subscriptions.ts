import type { Server } from '@modelcontextprotocol/server';

/**
 * The resources each 2025-11-25 connection subscribed to with `resources/subscribe`, so that a
 * resource's update reaches exactly those that asked. (2026-07-28 clients subscribe through
 * `subscriptions/listen`, which the SDK keeps itself.) Forgotten with the connection's server.
 *
 * @example
 * ```ts
 * subscriptions.add(server, 'test://watched-resource');
 * subscriptions.has(server, 'test://watched-resource'); // true
 * ```
 */
export class ResourceSubscriptions {
  readonly #byServer = new WeakMap<Server, Set<string>>();

  /** `server` wants to hear about `uri`. */
  add(server: Server, uri: string): void {
    let uris = this.#byServer.get(server);
    if (uris === undefined) {
      uris = new Set();
      this.#byServer.set(server, uris);
    }
    uris.add(uri);
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
