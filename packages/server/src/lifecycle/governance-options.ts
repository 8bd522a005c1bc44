import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { LedgerStore } from '../governance/ledger-record.js';
import { type ResolvedLimits, resolveLimits } from '../governance/limits-option.js';
import { InvalidOptionError } from '../options/invalid-option-error.js';
import type { TransportName } from '../options.js';
import type { LimitStore } from '../store/limit-store.js';
import { type ResolvedUsage, resolveUsage } from '../usage/usage-option.js';

/**
 * The `serve()` options of the ledger, usage and limits, for the option list.
 *
 * @example
 * ```ts
 * const known = new Set([...OTHER_OPTIONS, ...GOVERNANCE_OPTIONS]);
 * ```
 */
export const GOVERNANCE_OPTIONS = ['ledger', 'usage', 'limits', 'store'] as const;

/**
 * The resolved `ledger`, `usage`, `limits` and `store` options.
 *
 * @example
 * ```ts
 * const resolved: ResolvedGovernanceOptions = { ledger: '/var/log/apcore/ledger.jsonl', usage: { adminRoles: [] } };
 * ```
 */
export interface ResolvedGovernanceOptions {
  /** A file path (absolute or relative to the working directory), a store, or no ledger. */
  ledger: string | LedgerStore | undefined;
  /** Serve `GET /usage` on the HTTP transports, and to whom all of it; `undefined`: off. */
  usage: ResolvedUsage | undefined;
  /** Rate limits and budgets; `undefined` without any. */
  limits: ResolvedLimits | undefined;
  /** Where limits and one-time approval rounds are kept; `undefined`: this process's memory. */
  store: LimitStore | undefined;
}

/**
 * Validates `ledger` (a file path whose directory exists, or a {@link LedgerStore}), `usage`
 * (a boolean or `{ adminRoles }`, for the HTTP transports only), `limits` (see
 * `resolveLimits`) and `store` (a {@link LimitStore}).
 *
 * @throws {InvalidOptionError} naming the option and what it accepts.
 * @example
 * ```ts
 * resolveGovernanceOptions({ ledger: './ledger.jsonl', usage: true }, 'streamable-http');
 * ```
 */
export function resolveGovernanceOptions(
  given: { ledger?: unknown; usage?: unknown; limits?: unknown; store?: unknown },
  transport: TransportName,
): ResolvedGovernanceOptions {
  const usage = resolveUsage(given.usage);
  if (usage !== undefined && transport === 'stdio') {
    throw new InvalidOptionError({
      option: 'usage',
      value: given.usage,
      expected: 'transport streamable-http or sse',
      sentence: [
        { option: 'usage' },
        ': GET /usage is served by ',
        { option: 'transport' },
        ' streamable-http or sse, not stdio',
      ],
    });
  }
  return {
    ledger: resolveLedger(given.ledger),
    usage,
    limits: resolveLimits(given.limits),
    store: resolveStore(given.store),
  };
}

function resolveStore(value: unknown): LimitStore | undefined {
  if (value === undefined) return undefined;
  const store = value as Partial<LimitStore> | null;
  if (typeof store?.consume !== 'function' || typeof store.close !== 'function') {
    const expected = 'a LimitStore (consume and close), such as createRedisLimitStore(url)';
    throw new InvalidOptionError({ option: 'store', value, expected });
  }
  return store as LimitStore;
}

function resolveLedger(value: unknown): ResolvedGovernanceOptions['ledger'] {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') {
    const expected = 'a file path in an existing directory';
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
  const store = value as Partial<LedgerStore>;
  if (
    typeof value === 'object' &&
    typeof store.append === 'function' &&
    typeof store.close === 'function'
  ) {
    return value as LedgerStore;
  }
  const expected = 'a file path or a LedgerStore ({ append(record), close() })';
  throw new InvalidOptionError({ option: 'ledger', value, expected });
}
