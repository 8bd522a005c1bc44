import { isRecord, type McpElicitResult } from '@apcore-mcp/core';
import type { InputRound } from '../kernel/call-extra.js';
import { hashJson } from './hash-json.js';

/**
 * How long a client may take to answer a question (an approval) before the state it echoes
 * expires: ten minutes, the SDK's own default for one input round.
 */
export const CALL_STATE_TTL_SECONDS = 600;

/**
 * How long a round's one-time id stays claimed: the state's life and a minute for the clocks
 * of the instances (and of Redis) to disagree, so no replay outlives its claim.
 */
export const ROUND_CLAIM_LIFETIME_MS = (CALL_STATE_TTL_SECONDS + 60) * 1000;

/** The `inputRequests` key of an approval question. */
export const APPROVAL_INPUT_KEY = 'approval';

/** The `inputRequests` key of a module's `elicit()` question. */
export const ELICIT_INPUT_KEY = 'elicitation';

/**
 * The call a 2026-07-28 `requestState` was minted for: answers count only for the same tool
 * called with the same arguments (the codec binds the caller and the method).
 *
 * @example
 * ```ts
 * const call: CallBinding = { tool: 'files-delete', arguments: { path: '/tmp/a' } };
 * ```
 */
export interface CallBinding {
  tool: string;
  arguments: Record<string, unknown>;
}

/** One recorded answer to a module's `elicit()`, with the hash of the question it answers. */
export type RecordedAnswer = McpElicitResult & { question: string };

/** The question a round ended with: an approval (by key) or an `elicit()` (by question hash). */
export type Pending = { kind: 'approval'; key: string } | { kind: 'elicit'; question: string };

/**
 * What a call's signed `requestState` records between rounds. Signed, not encrypted: arguments
 * and questions appear as hashes; answers as the client gave them.
 *
 * @example
 * ```ts
 * const state: RoundsState = { tool: 't', arguments: 'h', approved: [], answers: [] };
 * ```
 */
export type RoundsState = {
  tool: string;
  arguments: string;
  /** Approval keys ({@link approvalKey}) granted in earlier rounds. */
  approved: string[];
  /** `elicit()` answers, in the order the module asked. */
  answers: RecordedAnswer[];
  pending?: Pending;
  /** The one-time id of the round that asked `pending` (see `RoundClaims`). */
  round?: string;
};

/** What a retry brings: the state so far, with the answer to its last question folded in. */
export interface RoundsReading {
  state: RoundsState;
  /** The answer to an approval asked last round: the approval decides from it. */
  approvalAnswer?: { key: string; answer: McpElicitResult };
  /** The retry carried state for another call (or a foreign one): it was ignored. */
  mismatch?: Pending['kind'] | 'unknown';
}

/**
 * The key an approval is granted under: the module and a hash of its own inputs (they differ
 * from the tool's arguments for a nested call).
 */
export function approvalKey(moduleId: string, inputs: Record<string, unknown>): string {
  return `${moduleId}:${hashJson(inputs)}`;
}

/**
 * Reads the verified state and the answers of a retry for `call`. State minted for another call
 * (other tool or arguments) or of another shape is ignored: the call starts over.
 */
export function readRoundsState(input: InputRound, call: CallBinding): RoundsReading {
  const fresh: RoundsState = {
    tool: call.tool,
    arguments: hashJson(call.arguments),
    approved: [],
    answers: [],
  };
  if (input.state === undefined) return { state: fresh };
  const previous = toRoundsState(input.state);
  if (previous === undefined || previous.tool !== fresh.tool) {
    return { state: fresh, mismatch: previous?.pending?.kind ?? 'unknown' };
  }
  if (previous.arguments !== fresh.arguments) {
    return { state: fresh, mismatch: previous.pending?.kind ?? 'unknown' };
  }
  const { pending, ...state } = previous;
  if (pending?.kind === 'elicit') {
    const answer = readAnswer(input.responses?.[ELICIT_INPUT_KEY]);
    if (answer !== undefined)
      state.answers = [...state.answers, { ...answer, question: pending.question }];
    return { state };
  }
  if (pending?.kind === 'approval') {
    const answer = readAnswer(input.responses?.[APPROVAL_INPUT_KEY]);
    if (answer !== undefined) return { state, approvalAnswer: { key: pending.key, answer } };
  }
  return { state };
}

/** A form answer as the client sent it (untrusted): its action, and content when an object. */
export function readAnswer(response: unknown): McpElicitResult | undefined {
  if (typeof response !== 'object' || response === null) return undefined;
  const { action, content } = response as { action?: unknown; content?: unknown };
  if (action !== 'accept' && action !== 'decline' && action !== 'cancel') return undefined;
  return isRecord(content) ? { action, content: { ...content } } : { action };
}

function toRoundsState(value: Record<string, unknown>): RoundsState | undefined {
  const { tool, arguments: args, approved, answers, pending } = value;
  if (typeof tool !== 'string' || typeof args !== 'string') return undefined;
  if (!Array.isArray(approved) || !approved.every((key) => typeof key === 'string')) {
    return undefined;
  }
  if (!Array.isArray(answers)) return undefined;
  const recorded = answers.map(toRecordedAnswer);
  if (recorded.some((answer) => answer === undefined)) return undefined;
  const state: RoundsState = {
    tool,
    arguments: args,
    approved,
    answers: recorded as RecordedAnswer[],
  };
  if (isPending(pending)) state.pending = pending;
  return state;
}

function toRecordedAnswer(value: unknown): RecordedAnswer | undefined {
  const answer = readAnswer(value);
  const question = isRecord(value) ? value.question : undefined;
  return answer === undefined || typeof question !== 'string' ? undefined : { ...answer, question };
}

function isPending(value: unknown): value is Pending {
  if (!isRecord(value)) return false;
  if (value.kind === 'approval') return typeof value.key === 'string';
  return value.kind === 'elicit' && typeof value.question === 'string';
}
