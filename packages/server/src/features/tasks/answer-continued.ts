import type { CallAnswer } from '../../calls/call-observer.js';
import type { CheckedCall } from '../../calls/pipeline/tool-call.js';
import type { ContinuedCall } from '../../kernel/call-extra.js';
import { BecomeTaskSignal } from './become-task-signal.js';

/**
 * The task step of an attempt that takes over a call still running here (`extra.continued`):
 * waits for that call, stopping it when the task is cancelled, and answers with its end (what it
 * threw is thrown, for the errors step to answer as any call's). A `becomeTask()` the call made
 * after it became a task asks for what the task does anyway: the tool then runs again, as this
 * attempt (`next`).
 *
 * @example
 * ```ts
 * if (call.extra.continued !== undefined) return answerContinued(call, call.extra.continued, next);
 * ```
 */
export async function answerContinued(
  call: CheckedCall,
  continued: ContinuedCall,
  next: () => Promise<CallAnswer>,
): Promise<CallAnswer> {
  const signal = call.extra.signal;
  const stop = (): void => continued.abort(signal?.reason);
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop, { once: true });
  let ended: Awaited<ContinuedCall['ended']>;
  try {
    ended = await continued.ended;
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  if (!('error' in ended)) return ended.answer as CallAnswer;
  if (!BecomeTaskSignal.isInstance(ended.error)) throw ended.error;
  const { continued: _, ...again } = call.extra;
  call.extra = again;
  return next();
}
