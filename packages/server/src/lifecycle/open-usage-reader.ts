import type { Identity } from '@apcore-mcp/core';
import type { ToolsFor } from '../kernel/served-tool.js';
import type { ResolvedUsage } from '../usage/usage-option.js';
import { createUsageReader, type UsageReader } from '../usage/usage-reader.js';
import type { UsageTracker } from '../usage/usage-tracker.js';

/**
 * `GET /usage` for each caller: the tools its `tools/list` shows, all of them to admins;
 * `undefined` when the `usage` option is off (no tracker counts calls then).
 *
 * @example
 * ```ts
 * const usage = openUsageReader({ tracker, usage: { adminRoles: ['admin'] }, toolsFor, identity });
 * ```
 */
export function openUsageReader(options: {
  tracker: UsageTracker | undefined;
  usage: ResolvedUsage | undefined;
  toolsFor: ToolsFor;
  identity: Identity | undefined;
}): UsageReader | undefined {
  const { tracker, usage, toolsFor, identity } = options;
  if (tracker === undefined || usage === undefined) return undefined;
  return createUsageReader({
    report: tracker.report,
    toolsFor,
    adminRoles: usage.adminRoles,
    identity,
  });
}
