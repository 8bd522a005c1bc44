import type { SettingSpec } from './setting-specs.js';

/** The keys of the settings that govern calls: who may call what, and the record they leave. */
export type GovernanceSettingKey = 'ledger' | 'usage' | 'acl';

/**
 * The governance settings, as flags, config keys and `APCORE_MCP_*` variables.
 *
 * @example
 * ```ts
 * GOVERNANCE_SETTING_SPECS.map((spec) => spec.key); // ['ledger', 'usage', 'acl']
 * ```
 */
export const GOVERNANCE_SETTING_SPECS: readonly SettingSpec[] = [
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
      'streamable-http and sse answer GET /usage (per tool calls, errors, p50/p95), behind the same checks as /mcp',
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
