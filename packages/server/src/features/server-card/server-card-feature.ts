import { defineServerFeature } from '../../feature-api/server-feature.js';
import { SERVER_CARD_OPTIONS } from './server-card-option.js';
import { serverCardRoutes } from './server-card-routes.js';

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
  open: ({ serverCard }) =>
    serverCard && { httpRoutes: (frame) => serverCardRoutes(serverCard, frame) },
});
