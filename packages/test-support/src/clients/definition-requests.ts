/**
 * A JSON value as a test compares it: what either SDK received, copied into plain objects (the
 * 1.x and 2.x result types do not assign to each other).
 *
 * @example
 * ```ts
 * const resources: PlainJson[] = await client.listResources();
 * ```
 */
export type PlainJson = Record<string, unknown>;

/**
 * An open subscription to one resource's updates: `resources/subscribe` on 2025-11-25, a
 * `subscriptions/listen` stream on 2026-07-28.
 *
 * @example
 * ```ts
 * const subscription = await client.subscribeResource('test://watched', (uri) => seen.push(uri));
 * await subscription.close();
 * ```
 */
export interface ResourceSubscription {
  /** Unsubscribes (`resources/unsubscribe`, or closes the listen stream). */
  close(): Promise<void>;
}

/**
 * The requests of a client beside tools, the same for both eras: resources, templates,
 * subscriptions, prompts and completions. Results are plain JSON; a protocol error rejects with
 * the SDK's own error (which carries `code`).
 *
 * @example
 * ```ts
 * const { contents } = await client.readResource('test://static-text');
 * ```
 */
export interface DefinitionRequests {
  /** Every resource the server lists. */
  listResources(): Promise<PlainJson[]>;
  /** Every resource template the server lists. */
  listResourceTemplates(): Promise<PlainJson[]>;
  /** The result of `resources/read`. */
  readResource(uri: string): Promise<{ contents: PlainJson[] }>;
  /** Calls `onUpdated(uri)` for each `notifications/resources/updated` of `uri`. */
  subscribeResource(uri: string, onUpdated: (uri: string) => void): Promise<ResourceSubscription>;
  /** Every prompt the server lists. */
  listPrompts(): Promise<PlainJson[]>;
  /**
   * The result of `prompts/get`. `args` is sent as given (a test may send a value that is not a
   * string, to see it refused).
   */
  getPrompt(
    name: string,
    args?: Record<string, unknown>,
  ): Promise<{ messages: PlainJson[] } & PlainJson>;
  /** The `completion` of `completion/complete`, for a prompt argument or a template variable. */
  complete(
    request: CompleteRequest,
  ): Promise<{ values: string[]; total?: number; hasMore?: boolean }>;
}

/**
 * What a completion is asked for: a prompt (`name`) or a resource template (`uri`, the template
 * itself), the argument or variable and what the user typed, and the values already chosen.
 *
 * @example
 * ```ts
 * const request: CompleteRequest = { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: 'x' } };
 * ```
 */
export interface CompleteRequest {
  ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
  argument: { name: string; value: string };
  context?: { arguments: Record<string, string> };
}

/**
 * `value` copied into plain JSON.
 *
 * @example
 * ```ts
 * toPlainJson(await client.readResource({ uri }));
 * ```
 */
export function toPlainJson<T = PlainJson>(value: unknown): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * Routes `notifications/resources/updated` to the subscriptions of their URI: an SDK client
 * takes one handler per notification.
 *
 * @example
 * ```ts
 * const updates = createUpdateRoutes();
 * client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => updates.deliver(n.params.uri));
 * ```
 */
export function createUpdateRoutes(): {
  add(uri: string, onUpdated: (uri: string) => void): () => void;
  deliver(uri: string): void;
} {
  const routes = new Map<string, Set<(uri: string) => void>>();
  return {
    add(uri, onUpdated) {
      const set = routes.get(uri) ?? new Set();
      routes.set(uri, set);
      set.add(onUpdated);
      return () => set.delete(onUpdated);
    },
    deliver(uri) {
      for (const onUpdated of routes.get(uri) ?? []) onUpdated(uri);
    },
  };
}
