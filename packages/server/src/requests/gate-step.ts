import { refuseShuttingDown } from '../calls/shutting-down.js';
import { toRequestRefusal } from './request-refusal.js';
import type { RequestStep } from './request-step.js';

/**
 * Where the requests other than tool calls are admitted while the server is up: the router's
 * gate, so shutdown refuses them as it refuses calls, and `drain` waits for those in flight.
 *
 * @example
 * ```ts
 * const gate: RequestGate = router;
 * ```
 */
export interface RequestGate {
  /**
   * Runs `run` counted in flight, or answers `undefined` without running it once shutdown
   * began.
   */
  admitRequest<T>(run: () => Promise<T>): Promise<T | undefined>;
}

/**
 * Refuses a request once shutdown began (-32603 `Server is shutting down`, `data.code`
 * `SERVER_SHUTTING_DOWN`); counts it in flight while it runs.
 *
 * @example
 * ```ts
 * const steps = [tracing, observe, createGateStep(router)];
 * ```
 */
export function createGateStep(gate: RequestGate): RequestStep {
  return async (_request, next) => {
    const answer = await gate.admitRequest(next);
    if (answer === undefined) throw toRequestRefusal(refuseShuttingDown());
    return answer;
  };
}
