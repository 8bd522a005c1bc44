import { isInputRequiredResult } from '@modelcontextprotocol/server';
import { refuseTooLarge } from '../calls/pipeline/result-size-entry.js';
import { toRequestRefusal } from './request-refusal.js';
import type { RequestStep } from './request-step.js';

/**
 * Answers a `resources/read`, `prompts/get` or `completion/complete` whose result, serialized
 * as JSON, is larger than `maxResultBytes` with a -32603 error naming the size and the option
 * (`data.code` `RESULT_TOO_LARGE`) instead: as a tool result, it is never cut or sent whole.
 * Questions (2026-07-28 `input_required`) and list methods pass.
 *
 * @example
 * ```ts
 * const steps = [errors, createRequestResultSizeStep(1_048_576)];
 * ```
 */
export function createRequestResultSizeStep(maxResultBytes: number): RequestStep {
  return async (request, next) => {
    const answer = await next();
    if (request.target === undefined || isInputRequiredResult(answer)) return answer;
    const bytes = Buffer.byteLength(JSON.stringify(answer), 'utf8');
    if (bytes <= maxResultBytes) return answer;
    request.logger.warn(
      { method: request.method, bytes, maxResultBytes },
      `${request.method} result over maxResultBytes; answered with an error`,
    );
    throw toRequestRefusal(refuseTooLarge(bytes, maxResultBytes));
  };
}
