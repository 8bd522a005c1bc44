import type { Progress } from '@modelcontextprotocol/client';

/**
 * What the 2.x SDK client reports as progress while it gathers the answers of an
 * `input_required` round of 2026-07-28 (`Fulfilling input required by 'tools/call' (round 1)`):
 * the client's own bookkeeping, not the module's progress.
 */
const INPUT_ROUND_MESSAGE = /^Fulfilling input required by '[^']*' \(round \d+\)$/;

/**
 * Whether a progress update is the SDK's note that it is asking for input (the page then says
 * it waits for the user's answer, in plain words) rather than progress the module reported.
 *
 * @example
 * ```ts
 * isInputRoundProgress({ progress: 1, message: "Fulfilling input required by 'tools/call' (round 1)" }); // true
 * isInputRoundProgress({ progress: 3, total: 5, message: 'Counted MUG-001' }); // false
 * ```
 */
export function isInputRoundProgress(progress: Progress): boolean {
  return (
    progress.total === undefined &&
    typeof progress.message === 'string' &&
    INPUT_ROUND_MESSAGE.test(progress.message)
  );
}
