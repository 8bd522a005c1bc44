import {
  createRequestStateCodec,
  type RequestStateCodec,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { CALL_STATE_TTL_SECONDS } from '../calls/rounds-state.js';

/**
 * What the server signs into a 2026-07-28 `requestState`: a small JSON object (signed, not
 * encrypted, so never a secret).
 *
 * @example
 * ```ts
 * const state: CallState = { kind: 'approval', tool: 'files-delete', args: 'ab12…' };
 * ```
 */
export type CallState = Record<string, unknown>;

/**
 * The codec of the server's `requestState`: minted into an `input_required` answer, verified by
 * the SDK (`requestState.verify`) before the retried call reaches a handler.
 *
 * @example
 * ```ts
 * const codec: CallStateCodec = createCallStateCodec(key);
 * ```
 */
export type CallStateCodec = RequestStateCodec<CallState>;

/**
 * A requestState codec signing with `key`. Besides what the payload says, each state is bound
 * to the request method and the authenticated client, so one caller's answer is no good for
 * another caller, even with the same arguments. Any server holding the same key accepts it.
 * States expire `ttlSeconds` after minting (default {@link CALL_STATE_TTL_SECONDS}).
 *
 * @example
 * ```ts
 * new Server(info, { requestState: { verify: createCallStateCodec(key).verify } });
 * ```
 */
export function createCallStateCodec(
  key: Uint8Array,
  ttlSeconds: number = CALL_STATE_TTL_SECONDS,
): CallStateCodec {
  return createRequestStateCodec<CallState>({
    key,
    ttlSeconds,
    bind: bindToCaller,
  });
}

function bindToCaller(ctx: ServerContext): string {
  return `${ctx.mcpReq.method}\0${ctx.http?.authInfo?.clientId ?? ''}`;
}
