import type { RouterCallExtra } from '../kernel/call-extra.js';
import type { Logger } from '../kernel/logger.js';
import type { RoundClaims } from '../store/round-claims.js';
import { CallRounds } from './call-rounds.js';
import { type CallBinding, readRoundsState } from './rounds-state.js';

/**
 * The rounds of one attempt of a 2026-07-28 call; none where the server cannot ask (no signed
 * `requestState`, or not 2026-07-28). The state a retry echoes, with its answers, counts once: its round id is claimed
 * first, and a state whose round was claimed before (the same approval sent again, on this
 * instance or another sharing the store) or that names no round is dropped with its answers.
 * The call then asks its questions again, so an approval answered once runs the module once.
 * State minted for another call is ignored without being claimed: it never counts for that
 * call, and stays good for its own. `'unavailable'` when the store cannot answer: the attempt
 * must not run.
 *
 * @example
 * ```ts
 * const rounds = await openCallRounds(extra, { tool, arguments: args }, { claims, logger });
 * ```
 */
export async function openCallRounds(
  extra: RouterCallExtra,
  call: CallBinding,
  options: { claims: RoundClaims; logger: Logger },
): Promise<CallRounds | undefined | 'unavailable'> {
  const input = extra.inputRound;
  if (input === undefined) return undefined;
  const { claims, logger } = options;
  const settings = { logger, capabilities: extra.clientCapabilities };
  // A task's attempts get their rounds from the task alone, each once: nothing to claim.
  if (
    extra.task !== undefined ||
    input.state === undefined ||
    readRoundsState(input, call).mismatch !== undefined
  ) {
    return new CallRounds(input, call, settings);
  }
  const { round } = input.state;
  let claimed: boolean;
  try {
    claimed = typeof round === 'string' && (await claims.claim(round));
  } catch (error) {
    logger.warn({ err: error }, 'Could not claim the round of a retried call; refused');
    return 'unavailable';
  }
  if (claimed) return new CallRounds(input, call, settings);
  logger.warn(
    { tool: call.tool },
    'Ignored answers to a question already answered once (a replayed requestState); asking again',
  );
  return new CallRounds({ ...input, state: undefined, responses: undefined }, call, settings);
}
