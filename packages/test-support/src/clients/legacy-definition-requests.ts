import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { createUpdateRoutes, type DefinitionRequests, toPlainJson } from './definition-requests.js';

/**
 * The {@link DefinitionRequests} of a 1.x SDK client (protocol 2025-11-25).
 *
 * @example
 * ```ts
 * return { ...handle, ...legacyDefinitionRequests(client) };
 * ```
 */
export function legacyDefinitionRequests(client: Client): DefinitionRequests {
  const updates = createUpdateRoutes();
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
    updates.deliver(notification.params.uri);
  });
  return {
    listResources: async () => toPlainJson((await client.listResources()).resources),
    listResourceTemplates: async () =>
      toPlainJson((await client.listResourceTemplates()).resourceTemplates),
    readResource: async (uri) => toPlainJson(await client.readResource({ uri })),
    complete: async (request) => toPlainJson((await client.complete(request)).completion),
    listPrompts: async () => toPlainJson((await client.listPrompts()).prompts),
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
        await client.subscribeResource({ uri });
      } catch (error) {
        remove();
        throw error;
      }
      return {
        async close() {
          remove();
          await client.unsubscribeResource({ uri });
        },
      };
    },
  };
}
