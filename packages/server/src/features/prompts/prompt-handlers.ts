import {
  ProtocolError,
  ProtocolErrorCode,
  type StandardSchemaV1,
} from '@modelcontextprotocol/server';
import {
  type DefinitionAsking,
  runAskingDefinition,
} from '../../protocol/asking-definition-call.js';
import type { RequestTarget } from '../../requests/mcp-request.js';
import {
  type RequestHandlerTarget,
  registerRequestHandler,
} from '../../requests/register-request-handler.js';
import type { RequestPipeline } from '../../requests/request-pipeline.js';
import { checkPromptArguments } from './check-prompt-arguments.js';
import type { PromptCatalog } from './prompt-catalog.js';

/** The params of `prompts/get` as this server reads them: the arguments are checked below. */
type PromptGetParams = { name: string; arguments?: unknown };

/**
 * Takes any params with a string `name`. The SDK's own check of `prompts/get` answers an
 * argument that is not a string with -32603 and a dump of its schema; checking the arguments
 * here gives -32602 and a sentence naming the argument instead.
 */
const PROMPT_GET_PARAMS: StandardSchemaV1<PromptGetParams> = {
  '~standard': {
    version: 1,
    vendor: 'apcore-mcp',
    validate: (value) => {
      const name = (value as { name?: unknown } | undefined)?.name;
      return typeof name === 'string'
        ? { value: value as PromptGetParams }
        : { issues: [{ message: 'name must be the name of a prompt (a string)' }] };
    },
  },
};

/**
 * Where the prompt handlers read, and how a prompt asks the client.
 *
 * @example
 * ```ts
 * registerPromptHandlers(server, { prompts, asking });
 * ```
 */
export interface PromptHandlerOptions {
  prompts: PromptCatalog;
  asking: DefinitionAsking;
  /** The request pipeline the handlers run through; none: registered as they are. */
  requests?: RequestPipeline | undefined;
}

/**
 * Registers `prompts/list` and `prompts/get` on `server` (which declares the `prompts`
 * capability). An unknown prompt, a missing required argument, an argument of the wrong type, an
 * undeclared one or one outside its `enum` get -32602 naming it; the server keeps serving. A
 * prompt's `get` may ask the client (`ask()`, `elicit()`, ...): on 2026-07-28 the answer is
 * then `input_required`, and the prompt runs again once the client answered.
 *
 * @example
 * ```ts
 * registerPromptHandlers(server, options);
 * ```
 */
export function registerPromptHandlers(
  target: RequestHandlerTarget,
  options: PromptHandlerOptions,
): void {
  const { prompts, requests } = options;
  registerRequestHandler(target, requests, 'prompts/list', () => ({ prompts: prompts.list() }));
  const targetOf = (params: PromptGetParams): RequestTarget => ({
    kind: 'prompt',
    name: params.name,
    label: prompts.find(params.name) === undefined ? undefined : params.name,
    arguments: isArguments(params.arguments) ? params.arguments : {},
  });
  const schemas = { params: PROMPT_GET_PARAMS };
  registerRequestHandler(
    target,
    requests,
    'prompts/get',
    schemas,
    async (params, ctx) => {
      const { name, arguments: given } = params;
      const prompt = prompts.find(name);
      if (prompt === undefined) {
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt: ${name}`, {
          name,
        });
      }
      const checked = checkPromptArguments(prompt, given);
      if ('problem' in checked) {
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, checked.problem, { name });
      }
      const call = { tool: `prompt ${name}`, arguments: checked.args };
      const messages = await runAskingDefinition(
        ctx,
        options.asking,
        { call, what: `Getting prompt ${name}` },
        (context) => prompt.get(checked.args, context),
      );
      if (!Array.isArray(messages)) return messages;
      return {
        ...(prompt.description === undefined ? {} : { description: prompt.description }),
        messages,
      };
    },
    targetOf,
  );
}

function isArguments(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
