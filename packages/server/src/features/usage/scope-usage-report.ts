import type { ServedTool, ToolSource } from '../../kernel/served-tool.js';
import type { ToolUsage, UsageReport } from '../../kernel/tool-usage.js';

/**
 * The part of a usage report about the tools `tools` lists: a caller's view of the served tools
 * (what its `tools/list` shows) keeps the entries of those tools, and of a grouped tool only the
 * actions left in the view. Tools no longer served are in nobody's view. The figures are
 * per tool already and name no caller, so nothing else needs removing.
 *
 * @example
 * ```ts
 * const mine = scopeUsageReport(tracker.report(), visibility.viewFor(identity));
 * ```
 */
export function scopeUsageReport(report: UsageReport, tools: ToolSource): UsageReport {
  return { since: report.since, tools: report.tools.filter((usage) => isListed(usage, tools)) };
}

function isListed(usage: ToolUsage, tools: ToolSource): boolean {
  const served = tools.get(usage.tool);
  if (served === undefined) return false;
  if (served.actions === undefined) return served.moduleId === usage.moduleId;
  return runsAction(served.actions, usage.moduleId);
}

function runsAction(actions: ReadonlyMap<string, ServedTool>, moduleId: string): boolean {
  for (const action of actions.values()) if (action.moduleId === moduleId) return true;
  return false;
}
