/**
 * Receives the URI of a resource whose contents changed.
 *
 * @example
 * ```ts
 * const listener: ResourceUpdateListener = (uri) => console.error(`${uri} changed`);
 * ```
 */
export type ResourceUpdateListener = (uri: string) => void;

/**
 * The listeners live on `globalThis` under a `Symbol.for` key: a definition file may import its
 * own copy of this package, and its `updated()` must still reach the server that serves it.
 */
const CHANNEL_KEY = Symbol.for('apcore-mcp.resource-updates');

function listeners(): Set<ResourceUpdateListener> {
  const global = globalThis as Record<symbol, Set<ResourceUpdateListener> | undefined>;
  let set = global[CHANNEL_KEY];
  if (set === undefined) {
    set = new Set();
    global[CHANNEL_KEY] = set;
  }
  return set;
}

/**
 * Calls `listener` with the URI whenever a resource definition (of any copy of this package in
 * the process) says it changed, through `updated()`. Servers use it to send
 * `notifications/resources/updated` to the clients that subscribed; returns the unsubscribe.
 *
 * @example
 * ```ts
 * const stop = onResourceUpdated((uri) => notifySubscribers(uri));
 * stop();
 * ```
 */
export function onResourceUpdated(listener: ResourceUpdateListener): () => void {
  // Wrapped, so one listener added twice is two subscriptions, each removed by its own stop.
  const entry: ResourceUpdateListener = (uri) => listener(uri);
  listeners().add(entry);
  return () => {
    listeners().delete(entry);
  };
}

/**
 * Tells every {@link onResourceUpdated} listener that `uri` changed; a failing listener does not
 * stop the others (it is the server's to log).
 *
 * @example
 * ```ts
 * publishResourceUpdate('test://watched-resource');
 * ```
 */
export function publishResourceUpdate(uri: string): void {
  for (const listener of [...listeners()]) {
    try {
      listener(uri);
    } catch {
      // A server's listener logs its own failures; a definition's update never throws.
    }
  }
}
