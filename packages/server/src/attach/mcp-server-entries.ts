import type { PromptDefinition, ResourceTemplateDefinition } from '@apcore-mcp/core';
import {
  completable,
  fromJsonSchema,
  type jsonSchemaValidator,
  type McpServer,
  ResourceTemplate,
  type ServerContext,
  type StandardSchemaWithJSON,
} from '@modelcontextprotocol/server';
import type { McpResource } from '../kernel/mcp-resource.js';
import type { McpTool } from '../kernel/mcp-tool.js';
import type { AttachedRequest } from './attached-tools.js';

/**
 * Accepts every input: our handlers check (`validateInputs`, the executor, the prompt's
 * arguments), so a request gets our error messages, and the schema is still advertised as is.
 */
const PASS_THROUGH: jsonSchemaValidator = {
  getValidator: () => (input) => ({ valid: true, data: input as never, errorMessage: undefined }),
};

/** Answers a request with the surface's handler of its method (see `answerWith`). */
export type AnswerRequest = (request: AttachedRequest, ctx: ServerContext) => Promise<unknown>;

/** Something `McpServer.register*` returned: it can be taken away again. */
export interface Registration {
  remove(): void;
}

/**
 * The context of a completion asked through an `McpServer`: the SDK's completion callbacks get
 * none, so the request counts as the `identity` option's caller, with no trace context.
 */
function completionContext(): ServerContext {
  const mcpReq = { id: 'completion', signal: new AbortController().signal };
  return { mcpReq } as unknown as ServerContext;
}

/** A completion callback that asks our `completion/complete` for `ref`'s `argument`. */
function completer(answer: AnswerRequest, ref: Record<string, string>, argument: string) {
  return async (value: unknown, context?: { arguments?: Record<string, string> }) => {
    const params = {
      ref,
      argument: { name: argument, value: String(value ?? '') },
      ...(context?.arguments === undefined ? {} : { context: { arguments: context.arguments } }),
    };
    const result = await answer({ method: 'completion/complete', params }, completionContext());
    return (result as { completion: { values: string[] } }).completion.values;
  };
}

/** Registers one tool, its JSON Schemas advertised as they are, its calls ours. */
export function registerToolEntry(
  mcp: McpServer,
  tool: McpTool,
  answer: AnswerRequest,
): Registration {
  const schema = (json: McpTool['inputSchema']) => fromJsonSchema(json, PASS_THROUGH);
  const { title, description, annotations, _meta } = tool;
  const config = {
    ...(title === undefined ? {} : { title }),
    ...(description === undefined ? {} : { description }),
    inputSchema: schema(tool.inputSchema),
    ...(tool.outputSchema === undefined ? {} : { outputSchema: schema(tool.outputSchema) }),
    ...(annotations === undefined ? {} : { annotations }),
    ...(_meta === undefined ? {} : { _meta }),
  };
  const call = (args: Record<string, unknown> | undefined, ctx: ServerContext) =>
    answer({ method: 'tools/call', params: { name: tool.name, arguments: args ?? {} } }, ctx);
  return mcp.registerTool(tool.name, config, call as never);
}

/** Registers one resource of a fixed URI (a `docs://` page, a UI, a skill, a defined one). */
export function registerResourceEntry(
  mcp: McpServer,
  resource: McpResource,
  answer: AnswerRequest,
): Registration {
  const { name, uri, ...metadata } = resource;
  const read = (url: URL, ctx: ServerContext) =>
    answer({ method: 'resources/read', params: { uri: url.href } }, ctx);
  return mcp.registerResource(name, uri, metadata, read as never);
}

/** Registers one defined template, its variables completed by ours. */
export function registerTemplateEntry(
  mcp: McpServer,
  template: ResourceTemplateDefinition,
  answer: AnswerRequest,
): Registration {
  const ref = { type: 'ref/resource', uri: template.uriTemplate };
  const complete = Object.fromEntries(
    Object.keys(template.complete).map((name) => [name, completer(answer, ref, name)]),
  );
  const uriTemplate = new ResourceTemplate(template.uriTemplate, { list: undefined, complete });
  const { title, description, mimeType } = template;
  const metadata = Object.fromEntries(
    Object.entries({ title, description, mimeType }).filter(([, value]) => value !== undefined),
  );
  const read = (url: URL, _variables: unknown, ctx: ServerContext) =>
    answer({ method: 'resources/read', params: { uri: url.href } }, ctx);
  return mcp.registerResource(template.name, uriTemplate, metadata, read as never);
}

/** Registers one prompt, its arguments (completable where they suggest values) and `get` ours. */
export function registerPromptEntry(
  mcp: McpServer,
  prompt: PromptDefinition,
  answer: AnswerRequest,
): Registration {
  const { name, title, description } = prompt;
  const config = {
    ...(title === undefined ? {} : { title }),
    ...(description === undefined ? {} : { description }),
  };
  const get = (args: Record<string, string> | undefined, ctx: ServerContext) =>
    answer({ method: 'prompts/get', params: { name, arguments: args ?? {} } }, ctx);
  if (prompt.arguments.length === 0) {
    return mcp.registerPrompt(name, config, ((ctx: ServerContext) => get({}, ctx)) as never);
  }
  const argsSchema = promptArgumentsSchema(prompt, answer);
  return mcp.registerPrompt(name, { ...config, argsSchema }, get as never);
}

/**
 * A prompt's arguments as the SDK reads them: a JSON Schema of strings (the list shows each
 * argument's description and whether it is required) with a `shape` of one schema per
 * argument, `completable` where the argument suggests values.
 */
function promptArgumentsSchema(prompt: PromptDefinition, answer: AnswerRequest) {
  const properties = Object.fromEntries(
    prompt.arguments.map(({ name, description }) => [
      name,
      { type: 'string', ...(description === undefined ? {} : { description }) },
    ]),
  );
  const required = prompt.arguments.filter((argument) => argument.required);
  const schema = fromJsonSchema(
    { type: 'object', properties, required: required.map((argument) => argument.name) },
    PASS_THROUGH,
  );
  const ref = { type: 'ref/prompt', name: prompt.name };
  const shape: Record<string, StandardSchemaWithJSON> = {};
  for (const argument of prompt.arguments) {
    const field = fromJsonSchema({ type: 'string' }, PASS_THROUGH);
    const suggests = argument.enum !== undefined || argument.complete !== undefined;
    shape[argument.name] = suggests
      ? completable(field, completer(answer, ref, argument.name))
      : field;
  }
  return Object.assign(schema, { shape });
}
