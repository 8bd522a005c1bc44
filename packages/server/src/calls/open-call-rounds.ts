import type { Logger } from '../logger.js';
import type { RoundClaims } from '../store/round-claims.js';
import type { InputRound } from './call-extra.js';
import { CallRounds } from './call-rounds.js';
import { type CallBinding, readRoundsState } from './rounds-state.js';

/**
 * The rounds of one attempt of a 2026-07-28 call. The state a retry echoes, with its answers,
 * counts once: its round id is claimed first, and a state whose round was claimed before (the
 * same approval sent again, on this instance or another sharing the store) or that names no
 * round is dropped with its answers. The call then asks its questions again, so an approval
 * answered once runs the module once. State minted for another call is ignored without being
 * claimed: it never counts for that call, and stays good for its own.
 *
 * @throws when the claims' store cannot answer: the attempt must not run.
 * @example
 * ```ts
 * const rounds = await openCallRounds(extra.inputRound, { tool, arguments: args }, claims, logger);
 * ```
 */
export async function openCallRounds(
  input: InputRound,
  call: CallBinding,
  claims: RoundClaims,
  logger: Logger,
): Promise<CallRounds> {
  if (input.state === undefined || readRoundsState(input, call).mismatch !== undefined) {
    return new CallRounds(input, call, logger);
  }
  const { round } = input.state;
  if (typeof round === 'string' && (await claims.claim(round))) {
    return new CallRounds(input, call, logger);
  }
  logger.warn(
    { tool: call.tool },
    'Ignored answers to a question already answered once (a replayed requestState); asking again',
  );
  return new CallRounds({ ...input, state: undefined, responses: undefined }, call, logger);
}
