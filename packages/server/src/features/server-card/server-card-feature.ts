import { defineServerFeature } from '../../feature-api/server-feature.js';
import { SERVER_CARD_OPTIONS } from './server-card-option.js';

/**
 * The MCP Server Card (the discovery extension): a document clients read before connecting, and
 * the domain catalog that lists it. Off unless the `serverCard` option is on.
 *
 * @example
 * ```ts
 * const features = [SERVER_CARD_FEATURE];
 * ```
 */
export const SERVER_CARD_FEATURE = defineServerFeature({
  name: 'server-card',
  options: SERVER_CARD_OPTIONS,
  // Its routes load only when on: a server without a card never loads their code.
  open: async ({ serverCard }) => {
    if (!serverCard) return undefined;
    const { serverCardRoutes } = await import('./server-card-routes.js');
    return { httpRoutes: (frame) => serverCardRoutes(serverCard, frame) };
  },
});
