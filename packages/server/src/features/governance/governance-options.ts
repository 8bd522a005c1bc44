// Who may call how often and for how much, and the record calls leave.
import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { describeValue } from '../../kernel/describe-value.js';
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import { declareOption } from '../../kernel/option-declaration.js';
import type { LedgerStore } from './ledger-record.js';
import { type LimitsOptions, type ResolvedLimits, resolveLimits } from './limits-option.js';

/**
 * The governance options of `serve()`, declared once.
 *
 * @example
 * ```ts
 * GOVERNANCE_OPTIONS.limits.cli?.map((setting) => setting.key); // ['rate-limit', ...]
 * ```
 */
export const GOVERNANCE_OPTIONS = {
  /**
   * Rate limits and budgets per subject (`identity.id`): `calls`, `destructiveCalls` and
   * `budget` as `'60/min,1000/day,500/month'` or `{ perMinute, perHour, perDay, perMonth }`,
   * `maxCostPerCall`, `overrides` by subject or role, or all of them from a JSON `file`, and a
   * clock `now`. A call over a limit gets a tool error (`RATE_LIMITED`, `BUDGET_EXCEEDED`, with
   * `_meta.retryAfterSeconds`) and nothing runs. Default: no limits.
   */
  limits: declareOption<LimitsOptions, ResolvedLimits | undefined>({
    expected: "an object like { calls: '60/min', budget: '100/day' }",
    defaultValue: undefined,
    resolve: resolveLimits,
    cli: [
      {
        key: 'rate-limit',
        kind: 'rate-limit',
        subKey: 'calls',
        help: 'Calls per subject (tools/call, resources/read, prompts/get, completion/complete), e.g. 60/min,1000/day (units: min, hour, day, month: the calendar month in UTC); over it a call gets RATE_LIMITED',
      },
      {
        key: 'rate-limit-destructive',
        kind: 'rate-limit',
        subKey: 'destructiveCalls',
        help: 'Calls per subject of destructive tools, on top of --rate-limit, e.g. 5/min',
      },
      {
        key: 'budget',
        kind: 'budget',
        subKey: 'budget',
        help: "Spending per subject of modules' metadata.cost, e.g. 100/day,500/month; over it a call gets BUDGET_EXCEEDED",
      },
      {
        key: 'max-cost-per-call',
        kind: 'decimal',
        subKey: 'maxCostPerCall',
        help: "The most one call may cost (a module's metadata.cost), e.g. 2.5; a costlier call gets BUDGET_EXCEEDED before it runs",
      },
      {
        key: 'limits-file',
        kind: 'file',
        subKey: 'file',
        help: 'A JSON file of limits instead of --rate-limit, --budget and --max-cost-per-call: calls, destructiveCalls, budget, maxCostPerCall, and overrides by subject or role',
      },
    ],
  }),
  /**
   * Record every tool call (subject, tool, masked arguments, duration, outcome, cost): a file
   * path appends JSON lines to it (created with mode 0600; its directory must exist), or your
   * own {@link LedgerStore}. The server closes the store on shutdown. Default: no ledger.
   */
  ledger: declareOption<string | LedgerStore, string | LedgerStore | undefined>({
    expected:
      'a file path in an existing directory, or a LedgerStore ({ append(record), close() })',
    defaultValue: undefined,
    resolve: resolveLedger,
    cli: [
      {
        key: 'ledger',
        kind: 'file',
        help: 'Append one JSON line per tool call to this file (created 0600; its directory must exist); read by ledger tail and usage',
      },
    ],
  }),
};

function resolveLedger(value: unknown): string | LedgerStore | undefined {
  if (value === null) return undefined;
  const { expected } = GOVERNANCE_OPTIONS.ledger;
  if (typeof value === 'string') {
    if (value.trim() === '') {
      const sentence = [{ option: 'ledger' }, ' must not be an empty path'];
      throw new InvalidOptionError({ option: 'ledger', value, expected, sentence });
    }
    const directory = dirname(value);
    if (!existsSync(directory) || !statSync(directory).isDirectory()) {
      const sentence = [
        { option: 'ledger' },
        `: directory ${directory} does not exist (for ledger file ${value})`,
      ];
      throw new InvalidOptionError({ option: 'ledger', value, expected, sentence });
    }
    return value;
  }
  const store = value as Partial<LedgerStore> | null;
  if (typeof store?.append === 'function' && typeof store.close === 'function') {
    return value as LedgerStore;
  }
  const sentence = [
    { option: 'ledger' },
    ` must be a file path or a LedgerStore ({ append(record), close() }), got ${describeValue(value)}`,
  ];
  throw new InvalidOptionError({ option: 'ledger', value, expected, sentence });
}
