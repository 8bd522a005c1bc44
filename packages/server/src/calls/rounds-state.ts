import {
  isRecord,
  type McpElicitResult,
  type McpInputRequest,
  type McpInputResponse,
  readInputResponse,
} from '@apcore-mcp/core/bridge';
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

/**
 * Which question of a module an answer belongs to: the key the module named it by, the hash
 * of what it asks (message and schema, or request), and which time in the attempt the module
 * asked it under that key (`0` the first: a module asking "Another one?" in a loop gets each
 * answer once).
 *
 * @example
 * ```ts
 * const id: QuestionId = { key: 'user_name', question: 'ab12…', nth: 0 };
 * ```
 */
export interface QuestionId {
  key: string;
  question: string;
  nth: number;
}

/** One answer a module's question got, recorded for the next attempts. */
export type RecordedAnswer = QuestionId & { answer: McpInputResponse };

/**
 * A question a round asked, under its `inputRequests` key (`input`): an approval (by approval
 * key), or a module's question.
 */
export type Pending =
  | { input: string; kind: 'approval'; key: string }
  | (QuestionId & { input: string; kind: 'question'; method: McpInputRequest['method'] });

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
  /** The answers the module's questions got in earlier rounds. */
  answers: RecordedAnswer[];
  /** What the last round asked. */
  pending?: Pending[];
  /** The one-time id of the round that asked `pending` (see `RoundClaims`). */
  round?: string;
};

/**
 * What earlier rounds of a call settled, as a retry brings it back: all of its
 * {@link RoundsState} but the call it is bound to, which the next round's state names again.
 */
export type SettledRounds = Pick<RoundsState, 'approved' | 'answers'>;

/** What a retry brings: what was settled so far, with the answers to its last questions folded in. */
export interface RoundsReading {
  settled: SettledRounds;
  /** The answers to approvals asked last round, by approval key: the approvals decide. */
  approvalAnswers: Map<string, McpElicitResult>;
  /**
   * The answers of a call that carried no state at all: a client answering before it was
   * asked, keyed as the module names its questions. Never good for an approval.
   */
  unsolicited?: Record<string, unknown>;
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
 * The state a round of `call` hands the client: what was settled, what it asks now, and the
 * call it is bound to (its arguments as a hash).
 */
export function mintRoundsState(
  call: CallBinding,
  settled: SettledRounds,
  asked: Pick<RoundsState, 'pending' | 'round'>,
): RoundsState {
  return {
    tool: call.tool,
    arguments: hashJson(call.arguments),
    approved: [...settled.approved],
    answers: [...settled.answers],
    ...asked,
  };
}

/**
 * Reads the verified state and the answers of a retry for `call`. State minted for another call
 * (other tool or arguments) or of another shape is ignored: the call starts over. Answers count
 * only under the keys the last round asked, and only in the shape their request gives them.
 * A first call (no state) hashes nothing: its arguments are hashed when a round is minted.
 */
export function readRoundsState(input: InputRound, call: CallBinding): RoundsReading {
  const fresh: SettledRounds = { approved: [], answers: [] };
  const approvalAnswers = new Map<string, McpElicitResult>();
  if (input.state === undefined) {
    return input.responses === undefined
      ? { settled: fresh, approvalAnswers }
      : { settled: fresh, approvalAnswers, unsolicited: input.responses };
  }
  const previous = toRoundsState(input.state);
  if (previous?.tool !== call.tool || previous.arguments !== hashJson(call.arguments)) {
    const kinds = previous?.pending?.map((entry) => entry.kind) ?? [];
    const mismatch = kinds.includes('approval') ? 'approval' : (kinds[0] ?? 'unknown');
    return { settled: fresh, approvalAnswers, mismatch };
  }
  const { pending = [] } = previous;
  const settled: SettledRounds = { approved: previous.approved, answers: previous.answers };
  for (const entry of pending) {
    const response = input.responses?.[entry.input];
    if (entry.kind === 'approval') {
      const answer = readInputResponse('elicitation/create', response) as McpElicitResult;
      if (answer !== undefined) approvalAnswers.set(entry.key, answer);
      continue;
    }
    const answer = readInputResponse(entry.method, response);
    const { key, question, nth } = entry;
    if (answer !== undefined) settled.answers.push({ key, question, nth, answer });
  }
  return { settled, approvalAnswers };
}

function toRoundsState(value: Record<string, unknown>): RoundsState | undefined {
  const { tool, arguments: args, approved, answers, pending, round } = value;
  if (typeof tool !== 'string' || typeof args !== 'string') return undefined;
  if (!isStringArray(approved) || !Array.isArray(answers)) return undefined;
  if (!answers.every(isRecordedAnswer)) return undefined;
  const state: RoundsState = { tool, arguments: args, approved, answers: [...answers] };
  if (pending !== undefined) {
    if (!Array.isArray(pending) || !pending.every(isPending)) return undefined;
    state.pending = pending;
  }
  if (typeof round === 'string') state.round = round;
  return state;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isQuestionId(value: Record<string, unknown>): boolean {
  return (
    typeof value.key === 'string' &&
    typeof value.question === 'string' &&
    Number.isInteger(value.nth) &&
    (value.nth as number) >= 0
  );
}

function isRecordedAnswer(value: unknown): value is RecordedAnswer {
  return isRecord(value) && isQuestionId(value) && isRecord(value.answer);
}

function isPending(value: unknown): value is Pending {
  if (!isRecord(value) || typeof value.input !== 'string') return false;
  if (value.kind === 'approval') return typeof value.key === 'string';
  const methods: unknown[] = ['elicitation/create', 'sampling/createMessage', 'roots/list'];
  return value.kind === 'question' && methods.includes(value.method) && isQuestionId(value);
}
