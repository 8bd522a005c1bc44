import type { Client } from '@modelcontextprotocol/client';
import { createUpdateRoutes, type DefinitionRequests, toPlainJson } from './definition-requests.js';

/** Always ask the server: a test that changes what is served must not see a cached result. */
const FRESH = { cacheMode: 'refresh' } as const;

/**
 * The {@link DefinitionRequests} of a 2.x SDK client pinned to 2026-07-28: subscriptions are
 * `subscriptions/listen` streams.
 *
 * @example
 * ```ts
 * return { ...handle, ...modernDefinitionRequests(client) };
 * ```
 */
export function modernDefinitionRequests(client: Client): DefinitionRequests {
  const updates = createUpdateRoutes();
  client.setNotificationHandler('notifications/resources/updated', (notification) => {
    updates.deliver(notification.params.uri);
  });
  return {
    listResources: async () =>
      toPlainJson((await client.listResources(undefined, FRESH)).resources),
    listResourceTemplates: async () =>
      toPlainJson((await client.listResourceTemplates(undefined, FRESH)).resourceTemplates),
    readResource: async (uri) => toPlainJson(await client.readResource({ uri }, FRESH)),
    complete: async (request) => toPlainJson((await client.complete(request)).completion),
    listPrompts: async () => toPlainJson((await client.listPrompts(undefined, FRESH)).prompts),
    getPrompt: async (name, args) =>
      toPlainJson(
        await client.getPrompt({
          name,
          ...(args === undefined ? {} : { arguments: args as Record<string, string> }),
        }),
      ),
    async subscribeResource(uri, onUpdated) {
      const remove = updates.add(uri, onUpdated);
      try {
        const subscription = await client.listen({ resourceSubscriptions: [uri] });
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
    },
  };
}
