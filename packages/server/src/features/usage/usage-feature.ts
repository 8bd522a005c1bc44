import { defineServerFeature } from '../../feature-api/server-feature.js';
import { USAGE_OPTIONS } from './usage-options.js';
/**
 * `GET /usage`: per tool figures of the tool calls this server answered (counted by its step
 * in the `record` slot), each caller seeing the tools it may list. Off unless the `usage`
 * option is on.
 *
 * @example
 * ```ts
 * const features = [USAGE_FEATURE];
 * ```
 */
export const USAGE_FEATURE = defineServerFeature({
  name: 'usage',
  options: USAGE_OPTIONS,
  // Loaded only when on: a server without `GET /usage` never loads its code.
  open: async ({ usage }, _frame, runtime) => {
    if (!usage) return undefined;
    const { openUsage } = await import('./open-usage.js');
    return openUsage(usage, runtime);
  },
});
