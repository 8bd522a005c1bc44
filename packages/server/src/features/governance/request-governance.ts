import type { McpRequest, RequestTarget } from '../../requests/mcp-request.js';
import { requestOutcome } from '../../requests/request-outcome.js';
import { toRequestRefusal } from '../../requests/request-refusal.js';
import type { RequestStep } from '../../requests/request-step.js';
import type { RequestRecorder } from './call-ledger.js';
import type { LimitsGovernance } from './limits-governance.js';

type TargetedRequest = McpRequest & { target: RequestTarget };

function isTargeted(request: McpRequest): request is TargetedRequest {
  return request.target !== undefined;
}

/**
 * The request pipeline's limits step: a request naming a target (`resources/read`,
 * `prompts/get`, `completion/complete`) counts as one call of its subject toward
 * `limits.calls`; over it, it is refused with -32602 and `data: { code: 'RATE_LIMITED',
 * retryAfterSeconds }`, and nothing runs. List methods are not counted.
 *
 * @example
 * ```ts
 * const admit = admitRequestStep(limits);
 * ```
 */
export function admitRequestStep(limits: LimitsGovernance): RequestStep {
  return async (request, next) => {
    if (!isTargeted(request)) return next();
    const refusal = await limits.admitRequest(request.subject, request.identity);
    if (refusal !== undefined) throw toRequestRefusal(refusal);
    return next();
  };
}

/**
 * The request pipeline's ledger step: one line per answered request naming a target, refused
 * and failed ones too, with its outcome (`ok`, an apcore code, or the JSON-RPC error's name); a
 * question (2026-07-28 `input_required`) is not an answer and writes nothing.
 *
 * @example
 * ```ts
 * const record = recordRequestStep(ledger);
 * ```
 */
export function recordRequestStep(recorder: RequestRecorder): RequestStep {
  return async (request, next) => {
    if (!isTargeted(request)) return next();
    const settle = (outcome: string): void => {
      if (outcome === 'input_required') return;
      const durationMs = performance.now() - request.startedAt;
      recorder.settleRequest(request, { outcome, durationMs });
    };
    try {
      const answer = await next();
      settle(requestOutcome({ answer }));
      return answer;
    } catch (error) {
      settle(requestOutcome({ error }));
      throw error;
    }
  };
}
