import { randomUUID } from 'node:crypto';
import type { McpElicitResult } from '@apcore-mcp/core';
import type { InputRequiredResult } from '@modelcontextprotocol/server';
import type { FormQuestion, InputRound } from '../kernel/call-extra.js';
import type { Logger } from '../kernel/logger.js';
import { hashJson } from './hash-json.js';
import { InputRequiredSignal } from './input-required-signal.js';
import {
  APPROVAL_INPUT_KEY,
  approvalKey,
  type CallBinding,
  ELICIT_INPUT_KEY,
  type Pending,
  type RoundsReading,
  type RoundsState,
  readRoundsState,
} from './rounds-state.js';

const EMPTY_FORM = { type: 'object', properties: {} };

/**
 * One attempt of a 2026-07-28 tool call that may ask the client. 2026-07-28 has no
 * server-to-client requests: a question ends the attempt with an `input_required` answer, and
 * the client calls again with the answer and the signed `requestState` it was given. That state
 * carries everything earlier rounds settled (approvals granted, `elicit()` answers in order), so
 * the module runs again from the start and gets its answers back; nothing is kept on the server,
 * and any instance holding the same state key can serve the next round.
 *
 * @example
 * ```ts
 * const rounds = new CallRounds(extra.inputRound, { tool: 'files-delete', arguments: args }, logger);
 * const answer = await rounds.elicit('Delete 3 files?', schema); // an answer, or it asks
 * ```
 */
export class CallRounds {
  readonly #input: InputRound;
  readonly #state: RoundsState;
  readonly #approvalAnswer: RoundsReading['approvalAnswer'];
  #answersUsed = 0;
  #asked: InputRequiredResult | undefined;

  constructor(input: InputRound, call: CallBinding, logger: Logger) {
    this.#input = input;
    const { state, approvalAnswer, mismatch } = readRoundsState(input, call);
    if (mismatch !== undefined) {
      logger.warn(
        { tool: call.tool },
        mismatch === 'approval'
          ? 'Ignored an approval answered for another call; asking again'
          : 'Ignored answers given for another call; asking again',
      );
    }
    this.#state = state;
    this.#approvalAnswer = approvalAnswer;
  }

  /**
   * The `input_required` answer this attempt ended with, once a question was asked: it is the
   * call's answer, whatever the module made of the signal.
   */
  get asked(): InputRequiredResult | undefined {
    return this.#asked;
  }

  /**
   * The approval of `moduleId` run with `inputs`: accepted when an earlier round granted it,
   * the client's answer when the last round asked it; otherwise asks `question` (and throws).
   */
  async approval(
    moduleId: string,
    inputs: Record<string, unknown>,
    question: () => FormQuestion,
  ): Promise<McpElicitResult> {
    const key = approvalKey(moduleId, inputs);
    if (this.#state.approved.includes(key)) return { action: 'accept', content: { confirm: true } };
    const last = this.#approvalAnswer;
    if (last?.key === key) {
      // Granted from now on: a later question in this attempt carries it forward.
      if (last.answer.action === 'accept' && last.answer.content?.confirm === true) {
        this.#state.approved.push(key);
      }
      return last.answer;
    }
    return this.#ask(APPROVAL_INPUT_KEY, question(), { kind: 'approval', key });
  }

  /**
   * A module's `elicit()`: the recorded answer to this question when an earlier round gave one
   * (answers are handed out in the order asked), otherwise asks it (and throws). A question
   * other than the one recorded at this place drops the answers from there on: they were given
   * to different questions.
   */
  elicit(message: string, requestedSchema?: Record<string, unknown>): Promise<McpElicitResult> {
    const question: FormQuestion = { message, requestedSchema: requestedSchema ?? EMPTY_FORM };
    const hash = hashJson(question);
    const index = this.#answersUsed;
    const recorded = this.#state.answers[index];
    if (recorded?.question === hash) {
      this.#answersUsed += 1;
      const { question: _question, ...answer } = recorded;
      return Promise.resolve(answer);
    }
    this.#state.answers.length = index;
    return this.#ask(ELICIT_INPUT_KEY, question, { kind: 'elicit', question: hash });
  }

  /**
   * Ends the attempt with `question`; a module that caught the signal and asked again gets the
   * first. The state carries a fresh round id: the retry answering it is honoured once.
   */
  async #ask(key: string, question: FormQuestion, pending: Pending): Promise<never> {
    if (this.#asked === undefined) {
      const state = { ...this.#state, pending, round: randomUUID() };
      this.#asked = await this.#input.require({ [key]: question }, { ...state });
    }
    throw new InputRequiredSignal(this.#asked);
  }
}
