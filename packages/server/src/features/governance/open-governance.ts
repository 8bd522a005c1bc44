import type { Logger, RegistryLike } from '@apcore-mcp/core/bridge';
import { admitEntry, recordEntry } from '../../calls/call-governance.js';
import type { OpenedFeature } from '../../feature-api/server-feature.js';
import type { LimitStore } from '../../store/limit-store.js';
import { createCallLedger } from './call-ledger.js';
import { JsonLinesLedgerStore } from './json-lines-ledger-store.js';
import type { LedgerStore } from './ledger-record.js';
import { openLimitsGovernance } from './limits-governance.js';
import type { ResolvedLimits } from './limits-option.js';
import { moduleCostReader } from './module-cost.js';
import { admitRequestStep, recordRequestStep } from './request-governance.js';

/**
 * Opens the rate limits and budgets (counted in `store`) and the ledger (a file path becomes a
 * {@link JsonLinesLedgerStore}, created now so a bad path fails at startup), as the options ask:
 * their steps in the `admit` slot (limits) and the `record` slot (the ledger) of both
 * pipelines, and `close()`, which writes out and closes the ledger. A call the limits refuse is
 * still recorded. `undefined` when neither is on: calls pay nothing for them.
 *
 * @throws {Error} when the ledger file cannot be opened.
 * @example
 * ```ts
 * const opened = openGovernance({ ledger: ledgerStore, limits: undefined, store, registry, logger });
 * ```
 */
export function openGovernance(options: {
  ledger: string | LedgerStore | undefined;
  limits: ResolvedLimits | undefined;
  /** Where limits are counted; the frame's, shared with the round claims, closed by the frame. */
  store: LimitStore;
  registry: RegistryLike;
  logger: Logger;
}): OpenedFeature | undefined {
  const { registry, logger } = options;
  if (options.ledger === undefined && options.limits === undefined) return undefined;
  const ledgerStore =
    typeof options.ledger === 'string'
      ? new JsonLinesLedgerStore({ path: options.ledger, logger })
      : options.ledger;
  // Limits and ledger read one cost: what a call is charged is what the ledger records.
  const costOf = moduleCostReader(registry);
  const limits = openLimitsGovernance(options.limits, options.store, costOf, logger);
  const ledger = ledgerStore && createCallLedger({ store: ledgerStore, logger, costOf });
  return {
    callSteps: {
      ...(limits && { admit: admitEntry(limits) }),
      ...(ledger && { record: recordEntry([ledger]) }),
    },
    requestSteps: {
      ...(limits && { admit: admitRequestStep(limits) }),
      ...(ledger && { record: recordRequestStep(ledger) }),
    },
    close: async () => {
      try {
        await ledgerStore?.close();
      } catch (error) {
        logger.warn({ err: error }, 'Could not close the ledger');
      }
    },
  };
}
