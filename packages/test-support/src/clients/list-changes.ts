import type { Client as ModernClient } from '@modelcontextprotocol/client';
import type { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';

/**
 * A list the server said changed: `notifications/<list>/list_changed`.
 *
 * @example
 * ```ts
 * const heard: ChangedList[] = [];
 * await client.listenForListChanges((list) => heard.push(list));
 * ```
 */
export type ChangedList = 'tools' | 'resources' | 'prompts';

/**
 * An open wait for list changes.
 *
 * @example
 * ```ts
 * const listening: ListChangeSubscription = await client.listenForListChanges(onChanged);
 * await listening.close();
 * ```
 */
export interface ListChangeSubscription {
  /** Stops hearing them (and, on 2026-07-28, closes the listen stream). */
  close(): Promise<void>;
}

/**
 * How a handle hears list changes: `listenForListChanges` of {@link McpClientHandle}.
 *
 * @example
 * ```ts
 * return { ...handle, listenForListChanges: legacyListChanges(client, streamOpen) };
 * ```
 */
export type ListenForListChanges = (
  onChanged: (list: ChangedList) => void,
) => Promise<ListChangeSubscription>;

/**
 * A 1.x client (2025-11-25) hears list changes on its session without asking; they can reach it
 * once `ready` resolves (over Streamable HTTP, once its GET stream is open).
 *
 * @example
 * ```ts
 * const listenForListChanges = legacyListChanges(client, Promise.resolve());
 * ```
 */
export function legacyListChanges(
  client: LegacyClient,
  ready: Promise<void>,
): ListenForListChanges {
  const routes = createListChangeRoutes();
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => routes.deliver('tools'));
  client.setNotificationHandler(ResourceListChangedNotificationSchema, () =>
    routes.deliver('resources'),
  );
  client.setNotificationHandler(PromptListChangedNotificationSchema, () =>
    routes.deliver('prompts'),
  );
  return async (onChanged) => {
    const remove = routes.add(onChanged);
    await ready;
    return { close: async () => remove() };
  };
}

/**
 * A 2.x client pinned to 2026-07-28 hears list changes on a `subscriptions/listen` stream asking
 * for all three lists, open once the server acknowledged it.
 *
 * @example
 * ```ts
 * const listenForListChanges = modernListChanges(client);
 * ```
 */
export function modernListChanges(client: ModernClient): ListenForListChanges {
  const routes = createListChangeRoutes();
  client.setNotificationHandler('notifications/tools/list_changed', () => routes.deliver('tools'));
  client.setNotificationHandler('notifications/resources/list_changed', () =>
    routes.deliver('resources'),
  );
  client.setNotificationHandler('notifications/prompts/list_changed', () =>
    routes.deliver('prompts'),
  );
  return async (onChanged) => {
    const remove = routes.add(onChanged);
    try {
      const subscription = await client.listen({
        toolsListChanged: true,
        resourcesListChanged: true,
        promptsListChanged: true,
      });
      return {
        async close() {
          remove();
          await subscription.close();
        },
      };
    } catch (error) {
      remove();
      throw error;
    }
  };
}

/** Hands each change to every listener added: an SDK client takes one handler per method. */
function createListChangeRoutes(): {
  add(listener: (list: ChangedList) => void): () => void;
  deliver(list: ChangedList): void;
} {
  const listeners = new Set<(list: ChangedList) => void>();
  return {
    add(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    deliver(list) {
      for (const listener of listeners) listener(list);
    },
  };
}
