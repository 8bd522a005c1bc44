import { type Identity, silentLogger } from '@apcore-mcp/core';
import { createToolErrorResult, ErrorMapper } from '@apcore-mcp/errors';
import type { InputRequiredResult } from '@modelcontextprotocol/server';
import type { ExecutionRouter } from '../calls/execution-router.js';
import { InputValidator } from '../calls/input-validator.js';
import { logCall, withCallTrace } from '../calls/log-call.js';
import { type RouterCallExtra, resolveIdentity } from '../kernel/call-extra.js';
import type { Logger } from '../kernel/logger.js';
import type { McpTool } from '../kernel/mcp-tool.js';
import type { ServedTool, ToolSource, ToolsFor } from '../kernel/served-tool.js';
import type { ToolCallResult } from '../kernel/tool-call-result.js';
import { validationFailed } from '../kernel/tool-result.js';
import {
  CALL_TOOL_NAME,
  CALL_TOOL_TOOL,
  DEFAULT_SEARCH_LIMIT,
  SEARCH_TOOLS_NAME,
  SEARCH_TOOLS_TOOL,
} from './search-tool-definitions.js';
import { type CreateToolIndex, ToolSearchIndex } from './tool-search-index.js';

/**
 * Options of {@link ToolSearch}.
 *
 * @example
 * ```ts
 * const { createToolIndex } = await import('@apcore-mcp/search');
 * const options: ToolSearchOptions = { tools: table, router, createIndex: createToolIndex };
 * ```
 */
export interface ToolSearchOptions {
  tools: ToolSource;
  router: ExecutionRouter;
  /** Builds the full-text index: `@apcore-mcp/search`'s `createToolIndex`. */
  createIndex: CreateToolIndex;
  /** The tools each caller may find and call (a search never shows one it could not call); default: every served tool. */
  toolsFor?: ToolsFor;
  /** The caller when the request carries none (as the router's `identity`). */
  identity?: Identity;
  logger?: Logger;
}

/**
 * Tool search: instead of every module, a server lists `search_tools` (ranked full-text search
 * over the served tools) and `call_tool` (runs one by name through the router, so ACL, approval,
 * validation, governance and metrics all apply under the real tool's name). Hundreds of tools
 * then cost a client two definitions of context.
 *
 * @example
 * ```ts
 * const search = new ToolSearch({ tools: table, router, createIndex: createToolIndex });
 * table.onChange(() => search.invalidate());
 * if (search.handles(name)) return search.handleCall(name, args, extra);
 * ```
 */
export class ToolSearch {
  readonly #tools: ToolSource;
  readonly #router: ExecutionRouter;
  readonly #index: ToolSearchIndex;
  readonly #toolsFor: ToolsFor;
  readonly #identity: Identity | undefined;
  readonly #validator: InputValidator;
  readonly #logger: Logger;

  constructor(options: ToolSearchOptions) {
    const { tools } = options;
    this.#tools = tools;
    this.#router = options.router;
    this.#index = new ToolSearchIndex(() => tools.list(), options.createIndex);
    this.#toolsFor = options.toolsFor ?? (() => tools);
    this.#identity = options.identity;
    const logger = options.logger ?? silentLogger;
    this.#logger = logger;
    this.#validator = new InputValidator({ logger });
  }

  /** The two tools `tools/list` shows. */
  list(): McpTool[] {
    return [SEARCH_TOOLS_TOOL, CALL_TOOL_TOOL];
  }

  /** Whether `name` is one of the two tools (other names go to the router as before). */
  handles(name: string): boolean {
    return name === SEARCH_TOOLS_NAME || name === CALL_TOOL_NAME;
  }

  /** The next search rebuilds its index: call it when the tool table changes. */
  invalidate(): void {
    this.#index.invalidate();
  }

  /**
   * Builds the index now, so the first search does not wait for it; a failure is logged (the
   * next search tries again and answers with the error).
   */
  prepare(): void {
    try {
      this.#index.prepare();
    } catch (error) {
      this.#logger.warn({ err: error }, 'Could not build the tool search index');
    }
  }

  /**
   * Answers `search_tools` or `call_tool`; never throws.
   *
   * @example
   * ```ts
   * await search.handleCall('call_tool', { name: 'orders-refund_order', arguments: { id: 7 } }, extra);
   * ```
   */
  async handleCall(
    name: string,
    args: Record<string, unknown>,
    extra: RouterCallExtra,
  ): Promise<ToolCallResult | InputRequiredResult> {
    const startedAt = performance.now();
    const own = this.#answerOwn(name, args, extra);
    if (own === undefined) return this.#callTool(args, extra);
    // The router logs the calls it answers; these it never sees.
    logCall(withCallTrace(this.#logger, extra), { tool: name, startedAt, ...own });
    return own.result;
  }

  /** What `search_tools` answers, and `call_tool` when it refuses; `undefined`: run the target. */
  #answerOwn(
    name: string,
    args: Record<string, unknown>,
    extra: RouterCallExtra,
  ): OwnAnswer | undefined {
    const tool = name === SEARCH_TOOLS_NAME ? SEARCH_TOOLS_TOOL : CALL_TOOL_TOOL;
    const failures = this.#validator.validate(tool, args);
    if (failures !== undefined) return mapped(validationFailed(failures));
    if (name === SEARCH_TOOLS_NAME) return this.#search(args, extra);
    const target = args.name as string;
    return this.handles(target) ? { result: callingItself(target) } : undefined;
  }

  async #callTool(
    args: Record<string, unknown>,
    extra: RouterCallExtra,
  ): Promise<ToolCallResult | InputRequiredResult> {
    const target = args.name as string;
    const targetArgs = (args.arguments ?? {}) as Record<string, unknown>;
    const served = this.#tools.get(target) !== undefined;
    const answer = await this.#router.handleCall(target, targetArgs, extra);
    // The name is call_tool's argument, not the request's: a model that picked a wrong one can
    // search again, so it is told as a tool execution error, in the protocol error's words.
    return served ? answer : createToolErrorResult(`Unknown tool: ${target}`, 'MODULE_NOT_FOUND');
  }

  #search(args: Record<string, unknown>, extra: RouterCallExtra): OwnAnswer {
    const candidates = this.#toolsFor(resolveIdentity(extra, this.#identity)).list();
    let hits: ServedTool[];
    try {
      hits = this.#index.search(
        {
          text: args.query as string,
          ...(args.tags === undefined ? {} : { tags: args.tags as string[] }),
          limit: (args.limit as number | undefined) ?? DEFAULT_SEARCH_LIMIT,
        },
        candidates,
      );
    } catch (error) {
      return mapped(error);
    }
    const tools = hits.map(({ tool }) => ({
      name: tool.name,
      ...(tool.title === undefined ? {} : { title: tool.title }),
      ...(tool.description === undefined ? {} : { description: tool.description }),
      inputSchema: tool.inputSchema,
    }));
    const result = {
      content: [{ type: 'text' as const, text: JSON.stringify({ tools }) }],
      structuredContent: { tools },
    };
    return { result };
  }
}

/** What the search tools answer themselves, with what was thrown for the log line. */
interface OwnAnswer {
  result: ToolCallResult;
  failure?: { readonly thrown: unknown };
}

/** Maps without logging: {@link logCall} writes the one line of the failed call. */
const ERROR_MAPPER = new ErrorMapper();

function mapped(thrown: unknown): OwnAnswer {
  return { result: ERROR_MAPPER.toMcpError(thrown), failure: { thrown } };
}

function callingItself(target: string): ToolCallResult {
  return createToolErrorResult(
    `${CALL_TOOL_NAME} cannot call ${target}; call ${target} directly`,
    'GENERAL_INVALID_INPUT',
  );
}
