// Who may call how often and for how much, and the record calls leave.
import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { LedgerStore } from '../../governance/ledger-record.js';
import {
  type LimitsOptions,
  type ResolvedLimits,
  resolveLimits,
} from '../../governance/limits-option.js';
import { describeValue } from '../../kernel/describe-value.js';
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import { declareOption } from '../../kernel/option-declaration.js';
import { HTTP_TRANSPORTS } from '../../kernel/transports.js';
import type { LimitStore } from '../../store/limit-store.js';
import { type ResolvedUsage, resolveUsage, type UsageOption } from '../../usage/usage-option.js';

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
   * `budget` as `'60/min,1000/day'` or `{ perMinute, perHour, perDay }`, and a clock `now`. A
   * call over a limit gets a tool error (`RATE_LIMITED`, `BUDGET_EXCEEDED`, with
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
        help: 'Calls per subject (tools/call, resources/read, prompts/get, completion/complete), e.g. 60/min,1000/day (units: min, hour, day); over it a call gets RATE_LIMITED',
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
        help: "Spending per subject of modules' metadata.cost, e.g. 100/day; over it a call gets BUDGET_EXCEEDED",
      },
    ],
  }),
  /**
   * Where rate limits, budgets and the one-time ids of approval rounds are kept: this
   * process's memory by default; `createRedisLimitStore(url)` of `@apcore-mcp/redis` to share
   * them between the instances behind one endpoint (give them the same `stateKey` too). The
   * server closes it on shutdown.
   */
  store: declareOption<LimitStore, LimitStore | undefined>({
    expected:
      'a LimitStore (consume and close), such as createRedisLimitStore(url) from @apcore-mcp/redis',
    defaultValue: undefined,
    resolve: resolveStore,
    cli: [
      {
        key: 'store',
        kind: 'store-url',
        help: 'Keep rate limits, budgets and one-time approval rounds in Redis (redis://host:port), shared by every instance using it (default: memory)',
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
  /**
   * Serve `GET /usage` (per tool calls, errors, p50/p95 duration, last call) on the HTTP
   * transports, behind the same Host/Origin checks and authentication as `/mcp`; default false.
   * An identified caller sees the usage of the tools it may list, unless it holds one of
   * `{ adminRoles }`; without authentication the whole report is served.
   */
  usage: declareOption<UsageOption, ResolvedUsage | undefined>({
    expected: 'a boolean or { adminRoles }',
    defaultValue: undefined,
    transports: HTTP_TRANSPORTS,
    otherTransports: 'refuse',
    refusal: (transport) => [
      { option: 'usage' },
      ': GET /usage is served by ',
      { option: 'transport' },
      ` streamable-http or sse, not ${transport}`,
    ],
    resolve: resolveUsage,
    cli: [
      {
        key: 'usage',
        kind: 'boolean',
        help: 'streamable-http and sse answer GET /usage (per tool calls, errors, p50/p95), behind the same checks as /mcp; each caller sees the tools it may list',
      },
      {
        key: 'usage-admin-role',
        kind: 'list',
        subKey: 'adminRoles',
        help: 'Callers holding this role see all of GET /usage (repeatable or comma-separated; turns --usage on)',
      },
    ],
  }),
};

function resolveStore(value: unknown): LimitStore {
  const store = value as Partial<LimitStore> | null;
  if (typeof store?.consume !== 'function' || typeof store.close !== 'function') {
    const { expected } = GOVERNANCE_OPTIONS.store;
    throw new InvalidOptionError({ option: 'store', value, expected });
  }
  return store as LimitStore;
}

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
