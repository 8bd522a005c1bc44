import type { Identity } from '@apcore-mcp/core';
import type { Logger } from '@apcore-mcp/core/bridge';
import {
  type CompleteRequest,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';
import { type CompletionSource, completeValues } from '../completions/complete-values.js';
import type { RequestTarget } from '../requests/mcp-request.js';
import {
  type RequestHandlerTarget,
  registerRequestHandler,
} from '../requests/register-request-handler.js';
import type { RequestPipeline } from '../requests/request-pipeline.js';
import { answerDefinitionCall, definitionContextOf } from './definition-request.js';

/**
 * What a completion reference names: a prompt, or a resource template (or resource) by URI.
 *
 * @example
 * ```ts
 * const ref: CompletionRef = { type: 'ref/prompt', name: 'greet' };
 * ```
 */
export type CompletionRef =
  | { type: 'ref/prompt'; name: string }
  | { type: 'ref/resource'; uri: string };

/**
 * Where the values of an argument come from, as a feature gives them to `completion/complete`:
 * the values of the argument `argument` of the prompt or template it serves, or why there are
 * none (an unknown prompt, template or argument: -32602 naming it).
 *
 * @example
 * ```ts
 * const prompts: Completer = (name, argument) => ({ label: `argument ${argument} of prompt ${name}`, enum: ['a'] });
 * ```
 */
export type Completer = (name: string, argument: string) => CompletionSource | { problem: string };

/**
 * The completers of a feature, by the kind of reference they answer: `prompt` for
 * `ref/prompt` (by name), `resource` for `ref/resource` (by URI template).
 *
 * @example
 * ```ts
 * const completions: CompletionProvider = { prompt: (name, argument) => findArgument(name, argument) };
 * ```
 */
export interface CompletionProvider {
  readonly prompt?: Completer;
  readonly resource?: Completer;
}

/**
 * Where the completion handler reads, and who asks when a request carries no caller.
 *
 * @example
 * ```ts
 * registerCompletionHandler(server, { providers, identity: undefined, logger });
 * ```
 */
export interface CompletionHandlerOptions {
  /** The features' completers; the first of a kind that has one answers. */
  providers: readonly CompletionProvider[];
  identity: Identity | undefined;
  logger: Logger;
  /** The request pipeline the handler runs through; none: registered as it is. */
  requests?: RequestPipeline | undefined;
}

/**
 * Registers `completion/complete` on `server` (which declares the `completions` capability):
 * suggestions for a prompt argument (its `enum` or `complete`) or a resource template variable
 * (its `complete`). An unknown prompt, argument, template or variable gets -32602 naming it; an
 * argument with nothing to suggest gets no values.
 *
 * @example
 * ```ts
 * registerCompletionHandler(server, options);
 * ```
 */
export function registerCompletionHandler(
  target: RequestHandlerTarget,
  options: CompletionHandlerOptions,
): void {
  const targetOf = ({ params }: CompleteRequest): RequestTarget => {
    const { ref, argument } = params;
    const name = ref.type === 'ref/prompt' ? `prompt:${ref.name}` : `resource:${ref.uri}`;
    const served = !('problem' in findCompletionSource(ref, argument.name, options.providers));
    const completed = { argument: argument.name, value: argument.value };
    return { kind: 'completion', name, label: served ? name : undefined, arguments: completed };
  };
  const { requests } = options;
  registerRequestHandler(
    target,
    requests,
    'completion/complete',
    async (request, ctx) => {
      const { ref, argument } = request.params;
      const source = findCompletionSource(ref, argument.name, options.providers);
      if ('problem' in source) {
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, source.problem);
      }
      const context = {
        ...definitionContextOf(ctx, options.identity),
        arguments: request.params.context?.arguments ?? {},
      };
      const completion = await answerDefinitionCall(
        options.logger,
        `Completing ${source.label}`,
        () => completeValues(source, argument.value, context),
      );
      return { completion };
    },
    targetOf,
  );
}

/**
 * The values `argument` of `ref` completes from: the first provider's completer of the
 * reference's kind decides; with none, the prompt or template is unknown.
 */
function findCompletionSource(
  ref: CompletionRef,
  argument: string,
  providers: readonly CompletionProvider[],
): CompletionSource | { problem: string } {
  if (ref.type === 'ref/prompt') {
    const completer = providers.find((provider) => provider.prompt !== undefined)?.prompt;
    return completer?.(ref.name, argument) ?? { problem: `Unknown prompt: ${ref.name}` };
  }
  const completer = providers.find((provider) => provider.resource !== undefined)?.resource;
  return completer?.(ref.uri, argument) ?? { problem: `Unknown resource template: ${ref.uri}` };
}
