import { inputRequired, type ServerContext } from '@modelcontextprotocol/server';
import type { InputRound } from '../../kernel/call-extra.js';
import { toInputRequestWire } from '../../kernel/input-request-wire.js';
import type { RequestStateMinter } from '../revision-codec.js';

/**
 * The input round of a request: the answers its retry carries, its verified state, and how to
 * end this attempt asking more (`input_required`, with the state signed for the retry).
 *
 * @example
 * ```ts
 * extra.inputRound = toInputRound(ctx, requestState);
 * ```
 */
export function toInputRound(ctx: ServerContext, requestState: RequestStateMinter): InputRound {
  const { mcpReq } = ctx;
  return {
    responses: mcpReq.inputResponses,
    state: mcpReq.requestState<Record<string, unknown>>(),
    require: async (questions, state) =>
      inputRequired({
        inputRequests: Object.fromEntries(
          Object.entries(questions).map(([key, request]) => [key, toInputRequestWire(request)]),
        ),
        requestState: await requestState.mint(state, ctx),
      }),
  };
}
