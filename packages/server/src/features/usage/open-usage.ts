import { recordEntry } from '../../calls/call-governance.js';
import type { FeatureRuntime } from '../../feature-api/feature-runtime.js';
import type { OpenedFeature } from '../../feature-api/server-feature.js';
import type { ResolvedUsage } from './usage-option.js';
import { createUsageReader } from './usage-reader.js';
import { usageRoute } from './usage-route.js';
import { UsageTracker } from './usage-tracker.js';

/**
 * The usage counter of one server: its step in the `record` slot and `GET /usage`.
 *
 * @example
 * ```ts
 * const opened = openUsage({ adminRoles: ['admin'] }, runtime);
 * ```
 */
export function openUsage(usage: ResolvedUsage, runtime: FeatureRuntime): OpenedFeature {
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
