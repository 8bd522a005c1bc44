import { type Logger, redactSensitive, silentLogger } from '@apcore-mcp/core/bridge';
import type { CallRecorder, GovernedCall, SettledCall } from '../../calls/call-governance.js';
import { type McpRequest, type RequestTarget, targetKey } from '../../requests/mcp-request.js';
import { toLedgerError } from './ledger-error.js';
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

/**
 * Hears every answered request other than a tool call that names a target (`resources/read`,
 * `prompts/get`, `completion/complete`), refused ones too. Must not throw.
 *
 * @example
 * ```ts
 * const recorder: RequestRecorder = { settleRequest: (request, { outcome }) => console.error(request.method, outcome) };
 * ```
 */
export interface RequestRecorder {
  settleRequest(
    request: McpRequest & { target: RequestTarget },
    settled: { outcome: string; durationMs: number },
  ): void;
}

/**
 * The ledger as a governance part: `settle` turns every answered call (refused ones too) into
 * one {@link LedgerRecord} and appends it to the store, `settleRequest` every answered read,
 * prompt or completion (its `method` set, no module, no cost). It admits every call, never awaits, and
 * never throws: a failing store is logged at WARN.
 */
export function createCallLedger(options: CallLedgerOptions): CallRecorder & RequestRecorder {
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
    settleRequest(request, settled) {
      try {
        store.append(toRequestRecord(request, settled, now));
      } catch (error) {
        logger.warn({ err: error, method: request.method }, 'Could not append a ledger record');
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
  const error = settled.result.isError === true ? toLedgerError(settled.result) : undefined;
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
    outcome: error?.code ?? 'ok',
    ...(error && { error }),
    // Only a call that got past governance consumed anything.
    cost: settled.ran ? clock.costOf(served.moduleId) : 0,
  };
  // Written only when known: a fresh id the context made up would match nothing elsewhere.
  return traceId === undefined ? record : { ...record, traceId };
}

/**
 * One request's record: the target's key as `tool`, its arguments with `_secret_` keys masked
 * (prompt arguments have no schema to mark others), nothing spent.
 */
function toRequestRecord(
  request: McpRequest & { target: RequestTarget },
  settled: { outcome: string; durationMs: number },
  now: () => number,
): LedgerRecord {
  const record: LedgerRecord = {
    time: new Date(now() - settled.durationMs).toISOString(),
    subject: request.subject,
    method: request.method,
    tool: targetKey(request.target),
    moduleId: '',
    arguments: redactSensitive(request.target.arguments, undefined) as LedgerRecord['arguments'],
    durationMs: Math.round(settled.durationMs * 1000) / 1000,
    outcome: settled.outcome,
    cost: 0,
  };
  const { traceId } = request;
  return traceId === undefined ? record : { ...record, traceId };
}
