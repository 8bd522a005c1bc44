import { AUTH_FEATURE } from './auth/auth-feature.js';
import { GOVERNANCE_FEATURE } from './governance/governance-feature.js';
import { INSPECTOR_FEATURE } from './inspector/inspector-feature.js';
import { SERVER_CARD_FEATURE } from './server-card/server-card-feature.js';
import { TRACING_FEATURE } from './tracing/tracing-feature.js';
import { USAGE_FEATURE } from './usage/usage-feature.js';

/**
 * Every feature of the server, in the order they open and their parts are installed (an HTTP
 * route of an earlier feature is asked first). Adding a feature is one folder and one line here.
 *
 * @example
 * ```ts
 * SERVER_FEATURES.map((feature) => feature.name); // ['governance', 'usage', 'inspector', ...]
 * ```
 */
export const SERVER_FEATURES = [
  GOVERNANCE_FEATURE, // first: a ledger file that cannot be opened stops the start first
  USAGE_FEATURE,
  TRACING_FEATURE,
  AUTH_FEATURE,
  INSPECTOR_FEATURE,
  SERVER_CARD_FEATURE,
] as const;
