import { ProtocolError, ProtocolErrorCode, SdkError } from '@modelcontextprotocol/server';
import type { RequestStep } from './request-step.js';

/**
 * Whatever a handler throws that is not a JSON-RPC error of its own (a bug, a library's
 * exception) is logged and answered `Internal error occurred` (-32603): the SDK would otherwise
 * send its message, which may carry paths or class names. Protocol errors pass as they are.
 *
 * @example
 * ```ts
 * const steps = [record, answerRequestErrors, resultSize];
 * ```
 */
export const answerRequestErrors: RequestStep = async (request, next) => {
  try {
    return await next();
  } catch (error) {
    if (ProtocolError.isInstance(error) || SdkError.isInstance(error)) throw error;
    request.logger.error({ err: error, method: request.method }, `${request.method} failed`);
    throw new ProtocolError(ProtocolErrorCode.InternalError, 'Internal error occurred');
  }
};
