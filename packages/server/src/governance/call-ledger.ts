import { type Logger, redactSensitive, silentLogger } from '@apcore-mcp/core';
import type { CallRecorder, GovernedCall, SettledCall } from '../calls/call-governance.js';
import { readErrorCode } from '../kernel/tool-call-result.js';
import type { LedgerRecord, LedgerStore } from './ledger-record.js';

/** Options of {@link createCallLedger}. */
export interface CallLedgerOptions {
  store: LedgerStore;
  /** The cost of one call of a module (its `metadata.cost`). */
  costOf: (moduleId: string) => number;
  logger?: Logger;
  /** The clock, in epoch ms; default `Date.now`. */
  now?: () => number;
}

/** The outcome of a failure that carries no error code. */
const UNKNOWN_ERROR = 'ERROR';

/**
 * The ledger as a governance part: `settle` turns every answered call (refused ones too) into
 * one {@link LedgerRecord} and appends it to the store. It admits every call, never awaits, and
 * never throws: a failing store is logged at WARN.
 */
export function createCallLedger(options: CallLedgerOptions): CallRecorder {
  const { store, costOf } = options;
  const logger = options.logger ?? silentLogger;
  const now = options.now ?? Date.now;
  return {
    settle(call, settled) {
      try {
        store.append(toLedgerRecord(call, settled, { costOf, now }));
      } catch (error) {
        logger.warn({ err: error, tool: call.tool }, 'Could not append a ledger record');
      }
    },
  };
}

/** One call's record; the time is when the call started. */
function toLedgerRecord(
  call: GovernedCall,
  settled: SettledCall,
  clock: Pick<CallLedgerOptions, 'costOf'> & { now: () => number },
): LedgerRecord {
  const { served, traceId } = call;
  const failed = settled.result.isError === true;
  const record: LedgerRecord = {
    time: new Date(clock.now() - settled.durationMs).toISOString(),
    subject: call.subject,
    tool: call.tool,
    moduleId: served.moduleId,
    arguments: redactSensitive(
      call.arguments,
      served.tool.inputSchema,
    ) as LedgerRecord['arguments'],
    durationMs: Math.round(settled.durationMs * 1000) / 1000,
    outcome: failed ? (readErrorCode(settled.result) ?? UNKNOWN_ERROR) : 'ok',
    // Only a call that got past governance consumed anything.
    cost: settled.ran ? clock.costOf(served.moduleId) : 0,
  };
  // Written only when known: a fresh id the context made up would match nothing elsewhere.
  return traceId === undefined ? record : { ...record, traceId };
}
