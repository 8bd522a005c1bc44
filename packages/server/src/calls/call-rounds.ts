import { randomUUID } from 'node:crypto';
import {
  type McpAsker,
  type McpElicitResult,
  type McpInputRequest,
  type McpInputResponse,
  type McpQuestion,
  readInputResponse,
} from '@apcore-mcp/core/bridge';
import type { InputRequiredResult } from '@modelcontextprotocol/server';
import type { ClientCapabilities, FormQuestion, InputRound } from '../kernel/call-extra.js';
import { declaresCapabilityFor } from '../kernel/declared-capability.js';
import type { Logger } from '../kernel/logger.js';
import { GatheredRound, type PendingEntry } from './gathered-round.js';
import { hashJson } from './hash-json.js';
import { InputRequiredSignal } from './input-required-signal.js';
import {
  APPROVAL_INPUT_KEY,
  approvalKey,
  type CallBinding,
  mintRoundsState,
  type QuestionId,
  type RoundsReading,
  type RoundsState,
  readRoundsState,
  type SettledRounds,
} from './rounds-state.js';

/** What a call's rounds need besides the round and the call. */
export interface CallRoundsOptions {
  logger: Logger;
  /** What the client declared it supports: a question it cannot answer is not asked. */
  capabilities: ClientCapabilities | undefined;
}

/**
 * One attempt of a 2026-07-28 tool call that may ask the client. 2026-07-28 has no
 * server-to-client requests: questions end the attempt with an `input_required` answer, and
 * the client calls again with the answers and the signed `requestState` it was given. That state
 * carries everything earlier rounds settled (approvals granted, the answers each named question
 * got), so the module runs again from the start and gets its answers back; nothing is kept on
 * the server, and any instance holding the same state key can serve the next round. Questions
 * asked together (or while the module is still busy) are asked in one round, each under the key
 * the module named it by.
 *
 * @example
 * ```ts
 * const rounds = new CallRounds(extra.inputRound, { tool, arguments: args }, { logger, capabilities });
 * const answers = await rounds.ask({ user_name: { request, required: false } }); // or it asks
 * ```
 */
export class CallRounds {
  readonly #input: InputRound;
  readonly #call: CallBinding;
  readonly #settled: SettledRounds;
  readonly #approvalAnswers: RoundsReading['approvalAnswers'];
  readonly #unsolicited: Record<string, unknown> | undefined;
  readonly #capabilities: ClientCapabilities | undefined;
  readonly #logger: Logger;
  /** How many times this attempt asked each question (by key and hash) so far. */
  readonly #times = new Map<string, number>();
  #round: GatheredRound | undefined;
  #asked: InputRequiredResult | undefined;

  constructor(input: InputRound, call: CallBinding, options: CallRoundsOptions) {
    this.#input = input;
    this.#call = call;
    this.#logger = options.logger;
    this.#capabilities = options.capabilities;
    const { settled, approvalAnswers, unsolicited, mismatch } = readRoundsState(input, call);
    if (mismatch !== undefined) {
      options.logger.warn(
        { tool: call.tool },
        mismatch === 'approval'
          ? 'Ignored an approval answered for another call; asking again'
          : 'Ignored answers given for another call; asking again',
      );
    }
    this.#settled = settled;
    this.#approvalAnswers = approvalAnswers;
    this.#unsolicited = unsolicited;
  }

  /**
   * The `input_required` answer this attempt ended with, once its round was asked: it is the
   * call's answer, whatever the module made of the signal.
   */
  get asked(): InputRequiredResult | undefined {
    return this.#asked;
  }

  /** Waits for a round still gathering questions; then {@link asked}. */
  async settled(): Promise<InputRequiredResult | undefined> {
    await this.#round?.outcome.catch(() => undefined);
    return this.#asked;
  }

  /**
   * A module's questions (the {@link McpAsker} of its context): each answer recorded for it in
   * an earlier round, or sent with a call that carried no state; `null` for one the client
   * did not declare support for. The others are asked together, ending the attempt (it throws
   * the signal); a required one is asked even so, and the SDK refuses the round with `-32021`.
   */
  readonly ask: McpAsker = async (questions) => {
    const responses: Record<string, unknown> = {};
    const toAsk: [QuestionId, McpInputRequest][] = [];
    for (const [key, question] of Object.entries(questions)) {
      const id = this.#identify(key, question.request);
      const answer = this.#answerOf(id, question);
      if (answer === undefined) toAsk.push([id, question.request]);
      else responses[key] = answer;
    }
    if (toAsk.length === 0) return responses;
    return this.#join(
      toAsk.map(([id, request]) => ({
        input: id.nth === 0 ? id.key : `${id.key}_${id.nth + 1}`,
        request,
        entry: { kind: 'question', ...id, method: request.method },
      })),
    );
  };

  /** One form (the channel's `elicit`): the client's answer, or a cancel when none. */
  async elicit(message: string, requestedSchema?: Record<string, unknown>) {
    const request: McpInputRequest = {
      method: 'elicitation/create',
      params: { message, requestedSchema: requestedSchema ?? { type: 'object', properties: {} } },
    };
    const { elicitation } = await this.ask({ elicitation: { request, required: false } });
    return (readInputResponse(request.method, elicitation) ?? {
      action: 'cancel',
    }) as McpElicitResult;
  }

  /**
   * The approval of `moduleId` run with `inputs`: accepted when an earlier round granted it,
   * the client's answer when the last round asked it; otherwise asks `question` (and throws).
   * Never answered by a call that carried no state: an approval counts once asked.
   */
  async approval(
    moduleId: string,
    inputs: Record<string, unknown>,
    question: () => FormQuestion,
  ): Promise<McpElicitResult> {
    const key = approvalKey(moduleId, inputs);
    if (this.#settled.approved.includes(key)) return { action: 'accept' };
    const answer = this.#approvalAnswers.get(key);
    if (answer !== undefined) {
      // Granted from now on: a later round of this attempt carries it forward.
      if (answer.action === 'accept') this.#settled.approved.push(key);
      return answer;
    }
    const request: McpInputRequest = { method: 'elicitation/create', params: question() };
    return this.#join([{ input: APPROVAL_INPUT_KEY, request, entry: { kind: 'approval', key } }]);
  }

  /** The question's identity: key, hash, and how many times it was asked before it. */
  #identify(key: string, request: McpInputRequest): QuestionId {
    const question = hashJson(request);
    const counted = `${key}\0${question}`;
    const nth = this.#times.get(counted) ?? 0;
    this.#times.set(counted, nth + 1);
    return { key, question, nth };
  }

  /** What the module gets without asking (`null`: not askable); `undefined`: it must ask. */
  #answerOf(
    id: QuestionId,
    { request, required }: McpQuestion,
  ): McpInputResponse | null | undefined {
    const recorded = this.#settled.answers.find(
      (answer) => answer.key === id.key && answer.question === id.question && answer.nth === id.nth,
    );
    if (recorded !== undefined) return recorded.answer;
    if (!declaresCapabilityFor(this.#capabilities, request)) return required ? undefined : null;
    const early =
      id.nth === 0 ? readInputResponse(request.method, this.#unsolicited?.[id.key]) : undefined;
    if (early === undefined) return undefined;
    // Carried forward, so a later round of this attempt does not ask it again.
    this.#settled.answers.push({ ...id, answer: early });
    return early;
  }

  /** Adds questions to the round of this attempt, and ends the attempt once it is asked. */
  async #join(
    questions: { input: string; request: McpInputRequest; entry: PendingEntry }[],
  ): Promise<never> {
    if (this.#round === undefined) {
      this.#round = new GatheredRound((asking, pending) => this.#require(asking, pending));
    }
    const round = this.#round;
    // A module that caught the signal and asked more gets the round already asked.
    if (round.open)
      for (const { input, request, entry } of questions) round.add(input, request, entry);
    throw new InputRequiredSignal(await round.outcome);
  }

  async #require(
    questions: Record<string, McpInputRequest>,
    pending: RoundsState['pending'],
  ): Promise<InputRequiredResult> {
    // A fresh round id: the retry answering this round is honoured once.
    const state = mintRoundsState(this.#call, this.#settled, { pending, round: randomUUID() });
    try {
      this.#asked = await this.#input.require(questions, state);
      return this.#asked;
    } catch (error) {
      this.#logger.warn({ err: error }, 'Could not ask the client; the questions get no answer');
      throw error;
    }
  }
}
