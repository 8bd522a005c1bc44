import type { DefinitionContext, Identity } from '@apcore-mcp/core';
import {
  ClientCapabilityRequiredError,
  DefinitionResultError,
  ErrorCodes,
  ModuleError,
} from '@apcore-mcp/core';
import type { Logger } from '@apcore-mcp/core/bridge';
import {
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { resolveIdentity } from '../kernel/call-extra.js';

/**
 * What a definition's `read`, `get` or `complete` sees of one SDK request: its caller (from the
 * request's auth info, else `identity`) and its abort signal.
 *
 * @example
 * ```ts
 * await resource.read({ ...definitionContextOf(ctx, identity), uri });
 * ```
 */
export function definitionContextOf(
  ctx: ServerContext,
  identity: Identity | undefined,
): DefinitionContext {
  return {
    identity: resolveIdentity({ authInfo: ctx.http?.authInfo }, identity) ?? null,
    signal: ctx.mcpReq.signal,
  };
}

/**
 * Runs a definition's function and turns what it throws into the JSON-RPC error the client
 * gets: an `InvalidInputError` (or a protocol error) keeps its message, as invalid params
 * (-32602); a question it had to have answered but the client cannot answer (`required: true`
 * on 2025-11-25) is -32021 naming the capability; a result the server cannot send is an internal error (-32603) saying what is wrong;
 * anything else is logged and answered "Internal error occurred" (-32603), never with a stack
 * or a path.
 *
 * @example
 * ```ts
 * const contents = await answerDefinitionCall(logger, `Reading ${uri}`, () => resource.read(context));
 * ```
 */
export async function answerDefinitionCall<T>(
  logger: Logger,
  what: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toDefinitionProtocolError(error, logger, what);
  }
}

function toDefinitionProtocolError(error: unknown, logger: Logger, what: string): ProtocolError {
  if (ProtocolError.isInstance(error)) return error;
  if (ClientCapabilityRequiredError.isInstance(error)) {
    const { capabilities } = error.details as { capabilities: string[] };
    return new MissingRequiredClientCapabilityError({
      requiredCapabilities: Object.fromEntries(capabilities.map((name) => [name, {}])),
    });
  }
  if (ModuleError.isInstance(error) && error.code === ErrorCodes.GENERAL_INVALID_INPUT) {
    return new ProtocolError(ProtocolErrorCode.InvalidParams, error.message);
  }
  if (DefinitionResultError.isInstance(error)) {
    logger.error({ err: error }, `${what} failed: ${error.message}`);
    return new ProtocolError(ProtocolErrorCode.InternalError, error.message);
  }
  logger.error({ err: error }, `${what} failed`);
  return new ProtocolError(ProtocolErrorCode.InternalError, 'Internal error occurred');
}

/**
 * The error of a 2026-07-28 retry when the store its answered round is claimed in cannot
 * answer: nothing ran, and the client may retry.
 *
 * @example
 * ```ts
 * if (rounds === 'unavailable') throw storeUnavailableError();
 * ```
 */
export function storeUnavailableError(): ProtocolError {
  return new ProtocolError(
    ProtocolErrorCode.InternalError,
    'Limit store unavailable; the request was not run, retry later',
  );
}
