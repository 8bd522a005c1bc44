import { INSPECTOR_FEATURE } from './inspector/inspector-feature.js';
import { SERVER_CARD_FEATURE } from './server-card/server-card-feature.js';
import { TASKS_FEATURE } from './tasks/tasks-feature.js';
import { TOOL_SEARCH_FEATURE } from './tool-search/tool-search-feature.js';

/**
 * Every feature of the server, in the order their parts are installed (an HTTP route of an
 * earlier feature is asked first). Adding a feature is one folder and one line here.
 *
 * @example
 * ```ts
 * SERVER_FEATURES.map((feature) => feature.name); // ['inspector', 'server-card', 'tasks', 'tool-search']
 * ```
 */
export const SERVER_FEATURES = [
  INSPECTOR_FEATURE,
  SERVER_CARD_FEATURE,
  TASKS_FEATURE,
  TOOL_SEARCH_FEATURE,
] as const;
