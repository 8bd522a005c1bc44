import { APPS_FEATURE } from './apps/apps-feature.js';
import { AUTH_FEATURE } from './auth/auth-feature.js';
import { DOCS_FEATURE } from './docs/docs-feature.js';
import { EVENTS_FEATURE } from './events/events-feature.js';
import { GOVERNANCE_FEATURE } from './governance/governance-feature.js';
import { INSPECTOR_FEATURE } from './inspector/inspector-feature.js';
import { MANAGEMENT_FEATURE } from './management/management-feature.js';
import { METRICS_FEATURE } from './metrics/metrics-feature.js';
import { MIDDLEWARE_FEATURE } from './middleware/middleware-feature.js';
import { PROMPTS_FEATURE } from './prompts/prompts-feature.js';
import { RESOURCES_FEATURE } from './resources/resources-feature.js';
import { SERVER_CARD_FEATURE } from './server-card/server-card-feature.js';
import { SKILLS_FEATURE } from './skills/skills-feature.js';
import { TASKS_FEATURE } from './tasks/tasks-feature.js';
import { TOOL_SEARCH_FEATURE } from './tool-search/tool-search-feature.js';
import { TRACING_FEATURE } from './tracing/tracing-feature.js';
import { USAGE_FEATURE } from './usage/usage-feature.js';

/**
 * Every feature of the server, in the order they open and their parts are installed (an HTTP
 * route of an earlier feature is asked first). Adding a feature is one folder and one line here.
 *
 * @example
 * ```ts
 * SERVER_FEATURES.map((feature) => feature.name); // ['governance', 'usage', 'tracing', ...]
 * ```
 */
export const SERVER_FEATURES = [
  GOVERNANCE_FEATURE, // first: a ledger file that cannot be opened stops the start first
  MIDDLEWARE_FEATURE,
  USAGE_FEATURE,
  TRACING_FEATURE,
  METRICS_FEATURE,
  AUTH_FEATURE,
  INSPECTOR_FEATURE,
  SERVER_CARD_FEATURE,
  // The resource sources, in the order a URI is read: the modules' own, then the definitions.
  DOCS_FEATURE,
  APPS_FEATURE,
  SKILLS_FEATURE,
  MANAGEMENT_FEATURE,
  // Before the prompts: a client told of both lists' changes hears of the resources first.
  RESOURCES_FEATURE,
  PROMPTS_FEATURE,
  TASKS_FEATURE,
  // After the tasks: they define the built-in event type the events feature then serves.
  EVENTS_FEATURE,
  TOOL_SEARCH_FEATURE,
] as const;
