import type { DefinitionContext, Identity } from '@apcore-mcp/core';
import { type Logger, toChannelData } from '@apcore-mcp/core/bridge';
import type { InputRequiredResult, Server, ServerContext } from '@modelcontextprotocol/server';
import { openClientChannel } from '../calls/client-channel.js';
import { openCallRounds } from '../calls/open-call-rounds.js';
import type { CallBinding } from '../calls/rounds-state.js';
import type { RoundClaims } from '../store/round-claims.js';
import type { CallStateCodec } from './call-state-codec.js';
import {
  answerDefinitionCall,
  definitionContextOf,
  storeUnavailableError,
} from './definition-request.js';
import { toRouterCallExtra } from './to-router-call-extra.js';

/**
 * What a prompt's `get` or a resource's `read` needs to ask the client: the server it answers
 * on, the `requestState` signer of 2026-07-28 rounds and where answered rounds are claimed
 * (shared with the tools, so a replayed answer counts once everywhere), and who asks when the
 * request carries no caller.
 *
 * @example
 * ```ts
 * const asking: DefinitionAsking = { server, codec, claims, identity: undefined, logger };
 * ```
 */
export interface DefinitionAsking {
  server: Server;
  codec: CallStateCodec;
  claims: RoundClaims;
  identity: Identity | undefined;
  logger: Logger;
}

/**
 * Runs a definition's `get` or `read` the way a tool call runs a module: its context lends
 * `ask()`, `elicit()`, `sample()`, `listRoots()` and `log()` what they need. On 2026-07-28 a
 * question ends the attempt with an `input_required` result (the client retries with the
 * answers and the signed state, bound to `call`, and the function runs again from the start);
 * `call.tool` also names the lines it logs, and `what` the failure in the server's log;
 * on 2025-11-25 it is sent to the client as a request. What the function throws becomes the
 * JSON-RPC error {@link answerDefinitionCall} gives.
 *
 * @example
 * ```ts
 * const call = { tool: 'prompt greet', arguments: args };
 * const answer = await runAskingDefinition(ctx, asking, { call, what: 'Getting prompt greet' },
 *   (context) => prompt.get(args, context));
 * ```
 */
export async function runAskingDefinition<T>(
  ctx: ServerContext,
  asking: DefinitionAsking,
  request: { call: CallBinding; what: string },
  run: (context: DefinitionContext) => Promise<T>,
): Promise<T | InputRequiredResult> {
  const { logger } = asking;
  const { call, what } = request;
  const extra = toRouterCallExtra(ctx, asking.server, asking.codec);
  const rounds = await openCallRounds(extra, call, { claims: asking.claims, logger });
  if (rounds === 'unavailable') throw storeUnavailableError();
  const { channel, log } = openClientChannel(extra, {
    rounds,
    cancellation: ctx.mcpReq,
    logger,
    moduleId: call.tool,
  });
  const context: DefinitionContext = {
    ...definitionContextOf(ctx, asking.identity),
    data: toChannelData(channel),
  };
  try {
    return await answerDefinitionCall(logger, what, async () => {
      try {
        const answer = await run(context);
        // A question the function did not wait for still ends the attempt once asked.
        return (await rounds?.settled()) ?? answer;
      } catch (error) {
        const asked = await rounds?.settled();
        if (asked !== undefined) return asked;
        throw error;
      }
    });
  } finally {
    log.close();
  }
}
