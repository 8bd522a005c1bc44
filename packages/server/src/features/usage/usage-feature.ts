import { recordEntry } from '../../calls/call-governance.js';
import type { FeatureRuntime } from '../../feature-api/feature-runtime.js';
import { defineServerFeature, type OpenedFeature } from '../../feature-api/server-feature.js';
import type { ResolvedUsage } from './usage-option.js';
import { USAGE_OPTIONS } from './usage-options.js';
import { createUsageReader } from './usage-reader.js';
import { usageRoute } from './usage-route.js';
import { UsageTracker } from './usage-tracker.js';

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
  open: ({ usage }, _frame, runtime) => usage && openUsage(usage, runtime),
});

function openUsage(usage: ResolvedUsage, runtime: FeatureRuntime): OpenedFeature {
  const tracker = new UsageTracker();
  const read = createUsageReader({
    report: tracker.report,
    toolsFor: runtime.toolsFor,
    adminRoles: usage.adminRoles,
    identity: runtime.identity,
  });
  return {
    callSteps: { record: recordEntry([tracker]) },
    httpRoutes: () => [usageRoute(read)],
  };
}
