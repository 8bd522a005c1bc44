import { INSPECTOR_FEATURE } from './inspector/inspector-feature.js';
import { SERVER_CARD_FEATURE } from './server-card/server-card-feature.js';

/**
 * Every feature of the server, in the order their parts are installed (an HTTP route of an
 * earlier feature is asked first). Adding a feature is one folder and one line here.
 *
 * @example
 * ```ts
 * SERVER_FEATURES.map((feature) => feature.name); // ['inspector', 'server-card']
 * ```
 */
export const SERVER_FEATURES = [INSPECTOR_FEATURE, SERVER_CARD_FEATURE] as const;
