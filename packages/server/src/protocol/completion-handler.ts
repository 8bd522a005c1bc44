import type { Identity } from '@apcore-mcp/core';
import type { Logger } from '@apcore-mcp/core/bridge';
import {
  type CompleteRequest,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';
import { completeValues } from '../completions/complete-values.js';
import { findCompletionSource } from '../completions/completion-target.js';
import type { PromptCatalog } from '../prompts/prompt-catalog.js';
import type { RequestTarget } from '../requests/mcp-request.js';
import {
  type RequestHandlerTarget,
  registerRequestHandler,
} from '../requests/register-request-handler.js';
import type { RequestPipeline } from '../requests/request-pipeline.js';
import type { DefinedResources } from '../resources/defined-resources.js';
import { answerDefinitionCall, definitionContextOf } from './definition-request.js';

/**
 * Where the completion handler reads, and who asks when a request carries no caller.
 *
 * @example
 * ```ts
 * registerCompletionHandler(server, { prompts, resources, identity: undefined, logger });
 * ```
 */
export interface CompletionHandlerOptions {
  prompts: PromptCatalog;
  resources: DefinedResources;
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
    const served = !('problem' in findCompletionSource(ref, argument.name, options));
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
      const source = findCompletionSource(ref, argument.name, options);
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
