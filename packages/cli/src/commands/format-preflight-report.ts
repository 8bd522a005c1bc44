import type { PreflightReport } from '@apcore-mcp/server/governance';
import { formatTable } from '../format-table.js';

/** The ACL line: passed, refused, or no ACL to ask. */
function describeAcl({ acl }: PreflightReport): string {
  if (!acl.checked) return 'ok (no ACL)';
  return acl.ok ? 'ok' : 'refused: the ACL does not let this caller call the module';
}

function describeLimits({ limits }: PreflightReport): string {
  if (limits.ok) return 'ok';
  const why = [limits.code, limits.message].filter((part) => part !== undefined).join(': ');
  return `refused: ${why === '' ? 'a limit refuses the call' : why}`;
}

function describeApproval({ approval }: PreflightReport): string {
  return approval.required ? 'required: the user is asked before the module runs' : 'not asked';
}

/**
 * A dry run's report for people: whether the call would run, then one row per check with `ok`
 * or why not (each input error on a row of its own).
 *
 * @example
 * ```ts
 * io.stdout.write(formatPreflightReport('orders-create', report));
 * ```
 */
export function formatPreflightReport(tool: string, report: PreflightReport): string {
  const verdict = report.valid ? 'the call would run' : 'the call would be refused';
  const [firstError, ...moreErrors] = report.input.errors;
  const input = report.input.ok ? 'ok' : `refused: ${firstError ?? 'the input is not valid'}`;
  const rows = [
    ['input', input],
    ...moreErrors.map((error) => ['', `refused: ${error}`]),
    ['acl', describeAcl(report)],
    ['approval', describeApproval(report)],
    ['limits', describeLimits(report)],
  ];
  return `${tool} (${report.moduleId}): ${verdict}\n${formatTable(['CHECK', 'RESULT'], rows)}`;
}
