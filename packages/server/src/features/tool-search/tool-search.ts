import { silentLogger } from '@apcore-mcp/core/bridge';
import { createToolErrorResult } from '@apcore-mcp/errors';
import { InputValidator } from '../../calls/input-validator.js';
import { withCallTrace } from '../../calls/log-call.js';
import type { CallMiddleware } from '../../calls/pipeline/call-middleware.js';
import { refuseTaskOf } from '../../calls/pipeline/task-support-entry.js';
import type { ToolCall } from '../../calls/pipeline/tool-call.js';
import type { Logger } from '../../kernel/logger.js';
import type { McpTool } from '../../kernel/mcp-tool.js';
import type { ServedTool, ToolSource, ToolsFor } from '../../kernel/served-tool.js';
import type { ToolCallResult } from '../../kernel/tool-call-result.js';
import { validationFailed } from '../../kernel/tool-result.js';
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
 * const options: ToolSearchOptions = { tools: table, createIndex: createToolIndex };
 * ```
 */
export interface ToolSearchOptions {
  tools: ToolSource;
  /** Builds the full-text index: `@apcore-mcp/search`'s `createToolIndex`. */
  createIndex: CreateToolIndex;
  /** The tools each caller may find and call (a search never shows one it could not call); default: every served tool. */
  toolsFor?: ToolsFor;
  logger?: Logger;
}

/**
 * Tool search: instead of every module, a server lists `search_tools` (ranked full-text search
 * over the served tools) and `call_tool` (runs one by name). Both are answered by {@link entry},
 * a step of the router's call pipeline placed before routing: `search_tools` is answered there,
 * and `call_tool` goes on as a call of its target, so it meets every step a direct call meets
 * (ACL, approval, validation, task support, limits, governance, metrics, the log line) under
 * the real tool's name. Hundreds of tools then cost a client two definitions of context.
 *
 * @example
 * ```ts
 * const search = new ToolSearch({ tools: table, createIndex: createToolIndex });
 * table.onChange(() => search.invalidate());
 * const router = new ExecutionRouter({ executor, tools: table, entries: { search: search.entry } });
 * ```
 */
export class ToolSearch {
  readonly #tools: ToolSource;
  readonly #index: ToolSearchIndex;
  readonly #toolsFor: ToolsFor;
  readonly #validator: InputValidator;
  readonly #logger: Logger;

  constructor(options: ToolSearchOptions) {
    const { tools } = options;
    this.#tools = tools;
    this.#index = new ToolSearchIndex(() => tools.list(), options.createIndex);
    this.#toolsFor = options.toolsFor ?? (() => tools);
    const logger = options.logger ?? silentLogger;
    this.#logger = logger;
    this.#validator = new InputValidator({ logger });
  }

  /** The two tools `tools/list` shows. */
  list(): McpTool[] {
    return [SEARCH_TOOLS_TOOL, CALL_TOOL_TOOL];
  }

  /** Whether `name` is one of the two tools (other names are called as they are). */
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
   * The pipeline step: answers `search_tools`, and `call_tool` when its own arguments are
   * refused, it names one of these two tools, or a tool no one serves (`Unknown tool: <name>`,
   * a tool execution error: the name is `call_tool`'s argument, and a model that picked a wrong
   * one can search again). Any other `call_tool` goes on as a call of its target with its
   * arguments. Other calls pass.
   *
   * @example
   * ```ts
   * const entries = [errors, search.entry, route, holdToTaskSupport, validate];
   * ```
   */
  readonly entry: CallMiddleware = async (call, next) => {
    if (!this.handles(call.tool)) return next();
    // Routing binds the logger of the calls it routes; these two it never sees.
    call.logger = withCallTrace(call.logger, call.extra);
    const own = call.tool === SEARCH_TOOLS_NAME ? SEARCH_TOOLS_TOOL : CALL_TOOL_TOOL;
    // `call_tool` becomes its target's call, task or not; `search_tools` never runs as a task.
    if (own === SEARCH_TOOLS_TOOL && call.extra.taskRequested === true) {
      throw refuseTaskOf(SEARCH_TOOLS_NAME);
    }
    const failures = this.#validator.validate(own, call.arguments);
    if (failures !== undefined) throw validationFailed(failures);
    if (own === SEARCH_TOOLS_TOOL) return this.#search(call);
    const target = call.arguments.name as string;
    if (this.handles(target)) return callingItself(target);
    call.tool = target;
    call.arguments = (call.arguments.arguments ?? {}) as Record<string, unknown>;
    if (this.#tools.get(target) === undefined) return unknownTool(target);
    return next();
  };

  #search(call: ToolCall): ToolCallResult {
    const args = call.arguments;
    const candidates = this.#toolsFor(call.identity).list();
    const hits: ServedTool[] = this.#index.search(
      {
        text: args.query as string,
        ...(args.tags === undefined ? {} : { tags: args.tags as string[] }),
        limit: (args.limit as number | undefined) ?? DEFAULT_SEARCH_LIMIT,
      },
      candidates,
    );
    const tools = hits.map(({ tool }) => ({
      name: tool.name,
      ...(tool.title === undefined ? {} : { title: tool.title }),
      ...(tool.description === undefined ? {} : { description: tool.description }),
      inputSchema: tool.inputSchema,
    }));
    return {
      content: [{ type: 'text' as const, text: JSON.stringify({ tools }) }],
      structuredContent: { tools },
    };
  }
}

function callingItself(target: string): ToolCallResult {
  return createToolErrorResult(
    `${CALL_TOOL_NAME} cannot call ${target}; call ${target} directly`,
    'GENERAL_INVALID_INPUT',
  );
}

/** The protocol error's words, as a tool execution error (see `ToolSearch#entry`). */
function unknownTool(target: string): ToolCallResult {
  return createToolErrorResult(`Unknown tool: ${target}`, 'MODULE_NOT_FOUND');
}
