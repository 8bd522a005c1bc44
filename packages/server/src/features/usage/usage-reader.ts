import type { Identity } from '@apcore-mcp/core';
import type { ToolsFor } from '../../kernel/served-tool.js';
import type { UsageReport } from '../../kernel/tool-usage.js';
import { scopeUsageReport } from './scope-usage-report.js';

/**
 * The usage report as one caller may see it; `undefined`: a request without a caller.
 *
 * @example
 * ```ts
 * const report = readUsage({ id: 'ann', roles: ['staff'] });
 * ```
 */
export type UsageReader = (caller: Identity | undefined) => UsageReport;

/** Options of {@link createUsageReader}. */
export interface UsageReaderOptions {
  /** The whole report. */
  report: () => UsageReport;
  /** The tools a caller may list (its `tools/list`). */
  toolsFor: ToolsFor;
  /** Roles that see the whole report. */
  adminRoles: readonly string[];
  /** Who a request without a caller of its own stands for (the `identity` option), as in calls. */
  identity: Identity | undefined;
}

/**
 * Who sees what of `GET /usage`: a caller holding one of `adminRoles` sees the whole report;
 * any other caller the usage of the tools it may list (see {@link scopeUsageReport}). A request
 * with no caller at all (no authentication, no `identity`) gets the whole report, as before
 * callers could be told apart; the Host/Origin checks are then all that guard it.
 *
 * @example
 * ```ts
 * const readUsage = createUsageReader({ report: tracker.report, toolsFor, adminRoles: ['admin'], identity: undefined });
 * ```
 */
export function createUsageReader(options: UsageReaderOptions): UsageReader {
  const { report, toolsFor, adminRoles, identity } = options;
  return (caller) => {
    const subject = caller ?? identity;
    if (subject === undefined || isAdmin(subject, adminRoles)) return report();
    return scopeUsageReport(report(), toolsFor(subject));
  };
}

function isAdmin(identity: Identity, adminRoles: readonly string[]): boolean {
  return identity.roles?.some((role) => adminRoles.includes(role)) === true;
}
