import type { SettingSpec } from './setting-specs.js';

/**
 * The keys of the settings that govern calls: who may call what, how often and for how much,
 * and the record they leave.
 */
export type GovernanceSettingKey =
  | 'rate-limit'
  | 'rate-limit-destructive'
  | 'budget'
  | 'store'
  | 'ledger'
  | 'usage'
  | 'usage-admin-role'
  | 'acl';

/**
 * The governance settings, as flags, config keys and `APCORE_MCP_*` variables.
 *
 * @example
 * ```ts
 * GOVERNANCE_SETTING_SPECS.map((spec) => spec.key); // ['rate-limit', ..., 'acl']
 * ```
 */
export const GOVERNANCE_SETTING_SPECS: readonly SettingSpec[] = [
  {
    key: 'rate-limit',
    kind: 'rate-limit',
    description:
      'Calls per subject, e.g. 60/min,1000/day (units: min, hour, day); over it a call gets RATE_LIMITED',
    serveOnly: true,
  },
  {
    key: 'rate-limit-destructive',
    kind: 'rate-limit',
    description: 'Calls per subject of destructive tools, on top of --rate-limit, e.g. 5/min',
    serveOnly: true,
  },
  {
    key: 'budget',
    kind: 'budget',
    description:
      "Spending per subject of modules' metadata.cost, e.g. 100/day; over it a call gets BUDGET_EXCEEDED",
    serveOnly: true,
  },
  {
    key: 'store',
    kind: 'store-url',
    description:
      'Keep rate limits, budgets and one-time approval rounds in Redis (redis://host:port), shared by every instance using it (default: memory)',
    serveOnly: true,
  },
  {
    key: 'ledger',
    kind: 'file',
    description:
      'Append one JSON line per tool call to this file (created 0600; its directory must exist); read by ledger tail and usage',
  },
  {
    key: 'usage',
    kind: 'boolean',
    defaultValue: false,
    description:
      'streamable-http and sse answer GET /usage (per tool calls, errors, p50/p95), behind the same checks as /mcp; each caller sees the tools it may list',
    serveOnly: true,
  },
  {
    key: 'usage-admin-role',
    kind: 'list',
    description:
      'Callers holding this role see all of GET /usage (repeatable or comma-separated; turns --usage on)',
    serveOnly: true,
  },
  {
    key: 'acl',
    kind: 'file',
    description:
      'YAML file of ACL rules (apcore format, conditions included) checked before every call; each caller lists only the tools it may call',
    serveOnly: true,
  },
];
