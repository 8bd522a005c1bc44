import { ProtocolError, ProtocolErrorCode, type ServerContext } from '@modelcontextprotocol/server';
import type { RequestHandlerTarget } from '../requests/register-request-handler.js';
import type { CallStateCodec } from './call-state-codec.js';

/** The methods whose 2026-07-28 retries carry a `requestState`. */
const ROUND_METHODS = new Set(['tools/call', 'prompts/get', 'resources/read']);

/**
 * `target`, its handlers of the methods with input rounds first verifying a `requestState` the
 * server left unverified. Our own servers verify it before any handler runs (the SDK's
 * `requestState.verify` hook) and hand the handler the decoded state; a host's server, built
 * by the application without our key, hands it the raw text. Then the state is verified here
 * with `codec`, and refused as the SDK refuses it (-32602), so an attached registry's rounds
 * work the same on any server holding the same key.
 *
 * @example
 * ```ts
 * surface.addHandlers(verifyHostRequestState(target, codec));
 * ```
 */
export function verifyHostRequestState(
  target: RequestHandlerTarget,
  codec: CallStateCodec,
): RequestHandlerTarget {
  return {
    server: target.server,
    only: target.only,
    add: (method, entry) => {
      if (!ROUND_METHODS.has(method)) return target.add(method, entry);
      target.add(method, {
        ...entry,
        handle: async (input, ctx) => entry.handle(input, await withVerifiedState(ctx, codec)),
      });
    },
  };
}

async function withVerifiedState(
  ctx: ServerContext,
  codec: CallStateCodec,
): Promise<ServerContext> {
  const raw: unknown = ctx.mcpReq.requestState();
  if (typeof raw !== 'string') return ctx;
  let decoded: unknown;
  try {
    decoded = await codec.verify(raw, ctx);
  } catch {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid or expired requestState', {
      reason: 'invalid_request_state',
    });
  }
  const requestState = (() => decoded) as ServerContext['mcpReq']['requestState'];
  return { ...ctx, mcpReq: { ...ctx.mcpReq, requestState } };
}
