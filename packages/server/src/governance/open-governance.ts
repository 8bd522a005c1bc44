import type { Logger, RegistryLike } from '@apcore-mcp/core/bridge';
import { admitEntry, type CallRecorder, recordEntry } from '../calls/call-governance.js';
import type { CallMiddleware } from '../calls/pipeline/call-middleware.js';
import type { RequestStep } from '../requests/request-step.js';
import type { LimitStore } from '../store/limit-store.js';
import type { ResolvedUsage } from '../usage/usage-option.js';
import { UsageTracker } from '../usage/usage-tracker.js';
import { createCallLedger } from './call-ledger.js';
import { JsonLinesLedgerStore } from './json-lines-ledger-store.js';
import type { LedgerStore } from './ledger-record.js';
import { openLimitsGovernance } from './limits-governance.js';
import type { ResolvedLimits } from './limits-option.js';
import { moduleCostReader } from './module-cost.js';
import { admitRequestStep, recordRequestStep } from './request-governance.js';

/**
 * The governance of one served registry: its pipeline entries for the router, the usage tracker
 * `GET /usage` reads, and `close()` for shutdown.
 *
 * @example
 * ```ts
 * const opened: OpenedGovernance = openGovernance({ ledger: './ledger.jsonl', usage: { adminRoles: [] }, registry, logger });
 * ```
 */
export interface OpenedGovernance {
  /**
   * `admit` (limits and budgets) and `record` (the ledger and usage); each `undefined` when
   * none of its parts is on, so the call pays nothing for it.
   */
  readonly entries: { admit: CallMiddleware | undefined; record: CallMiddleware | undefined };
  /**
   * The same for the request pipeline (reads, prompts, completions): `admit` (limits) and
   * `record` (the ledger; usage counts tool calls only).
   */
  readonly requestSteps: { admit: RequestStep | undefined; record: RequestStep | undefined };
  readonly usage: UsageTracker | undefined;
  /** Writes out and closes the ledger, then closes the store; never rejects. */
  close(): Promise<void>;
}

/**
 * Opens the rate limits and budgets (counted in `store`), the ledger (a file path becomes a
 * {@link JsonLinesLedgerStore}, created now so a bad path fails at startup) and the usage
 * tracker, as the options ask. Limits come first: a call they refuse is still recorded. The
 * store is handed over: `close()` closes it.
 *
 * @throws {Error} when the ledger file cannot be opened.
 * @example
 * ```ts
 * const { entries, usage, close } = openGovernance({
 *   ledger: ledgerStore, usage: undefined, store: createMemoryLimitStore(), registry, logger,
 * });
 * ```
 */
export function openGovernance(options: {
  ledger: string | LedgerStore | undefined;
  /** The `usage` option; `undefined`: off, no tracker. */
  usage: ResolvedUsage | undefined;
  limits?: ResolvedLimits | undefined;
  /** Where limits are counted (and, for the router, approval rounds claimed). */
  store: LimitStore;
  registry: RegistryLike;
  logger: Logger;
}): OpenedGovernance {
  const { registry, logger } = options;
  const ledgerStore =
    typeof options.ledger === 'string'
      ? new JsonLinesLedgerStore({ path: options.ledger, logger })
      : options.ledger;
  const usage = options.usage === undefined ? undefined : new UsageTracker();
  // Limits and ledger read one cost: what a call is charged is what the ledger records.
  const costOf = moduleCostReader(registry);
  const limits = openLimitsGovernance(options.limits, options.store, costOf, logger);
  const ledger = ledgerStore && createCallLedger({ store: ledgerStore, logger, costOf });
  const recorders: CallRecorder[] = [ledger, usage].filter((part) => part !== undefined);
  return {
    entries: {
      admit: limits && admitEntry(limits),
      record: recorders.length === 0 ? undefined : recordEntry(recorders),
    },
    requestSteps: {
      admit: limits && admitRequestStep(limits),
      record: ledger && recordRequestStep(ledger),
    },
    usage,
    close: async () => {
      try {
        await ledgerStore?.close();
      } catch (error) {
        logger.warn({ err: error }, 'Could not close the ledger');
      }
      try {
        await options.store.close();
      } catch (error) {
        logger.warn({ err: error }, 'Could not close the limit store');
      }
    },
  };
}
