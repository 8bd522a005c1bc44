import {
  isInputRequiredResult,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';
import type { RequestAnswer } from './request-step.js';

/** What an apcore error code looks like; anything else is not used as a label value. */
const ERROR_CODE = /^[A-Z][A-Z0-9_]{0,63}$/;

/** The JSON-RPC errors a request may end with, by name: a bounded set of label values. */
const PROTOCOL_ERROR_NAMES: Readonly<Record<number, string>> = {
  [ProtocolErrorCode.InvalidRequest]: 'INVALID_REQUEST',
  [ProtocolErrorCode.MethodNotFound]: 'METHOD_NOT_FOUND',
  [ProtocolErrorCode.InvalidParams]: 'INVALID_PARAMS',
  [ProtocolErrorCode.InternalError]: 'INTERNAL_ERROR',
  [ProtocolErrorCode.ResourceNotFound]: 'RESOURCE_NOT_FOUND',
  [ProtocolErrorCode.MissingRequiredClientCapability]: 'MISSING_CLIENT_CAPABILITY',
};

/**
 * How a request ended, as metrics label it and the ledger records it: `ok`, `input_required`
 * (2026-07-28: the client retries with answers), the apcore code a refusal carries in its
 * `data` (`RATE_LIMITED`, `RESULT_TOO_LARGE`, ...), else the JSON-RPC error's name
 * (`INVALID_PARAMS`, `INTERNAL_ERROR`, ...), else `ERROR`.
 *
 * @example
 * ```ts
 * requestOutcome({ answer: { messages: [] } }); // 'ok'
 * requestOutcome({ error: new ProtocolError(-32602, 'Unknown prompt: x') }); // 'INVALID_PARAMS'
 * ```
 */
export function requestOutcome(settled: { answer: RequestAnswer } | { error: unknown }): string {
  if ('answer' in settled) return isInputRequiredResult(settled.answer) ? 'input_required' : 'ok';
  const { error } = settled;
  if (!ProtocolError.isInstance(error)) return 'ERROR';
  const code = (error.data as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && ERROR_CODE.test(code)) return code;
  return PROTOCOL_ERROR_NAMES[error.code] ?? 'ERROR';
}
