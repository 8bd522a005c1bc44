import type { CallAnswer } from '../calls/call-observer.js';
import type { ExecutionRouter } from '../calls/execution-router.js';
import type { RouterCallExtra } from '../kernel/call-extra.js';
import type { McpTool } from '../kernel/mcp-tool.js';
import type { ToolSource } from '../kernel/served-tool.js';
import type { ToolSearch } from '../search/tool-search.js';

/**
 * What clients see of the served tools, whoever hosts them (our own SDK server or an
 * application's): the list `tools/list` shows and the names a `tools/call` of ours answers.
 * Under tool search that is `search_tools` and `call_tool`; direct calls by a served tool's own
 * name are answered either way. Every call goes to the router's pipeline, whose steps decide
 * it, refusals the protocol answers as JSON-RPC errors included (see `ProtocolRefusal`).
 *
 * @example
 * ```ts
 * const front = new ToolFront({ tools: table, router, toolSearch: undefined });
 * if (front.answers(name)) return front.call(name, args, extra);
 * ```
 */
export class ToolFront {
  readonly #tools: ToolSource;
  readonly #router: ExecutionRouter;
  readonly #toolSearch: ToolSearch | undefined;

  constructor(options: {
    tools: ToolSource;
    router: ExecutionRouter;
    toolSearch: ToolSearch | undefined;
  }) {
    this.#tools = options.tools;
    this.#router = options.router;
    this.#toolSearch = options.toolSearch;
  }

  /** Every served tool (what a caller's view is cut from). */
  get served(): ToolSource {
    return this.#tools;
  }

  /**
   * The tools to list, read afresh on every call: the search tools under tool search (which
   * filter per caller themselves), else those of `visible` (default: every served tool).
   */
  list(visible: ToolSource = this.#tools): McpTool[] {
    return this.#toolSearch?.list() ?? visible.list().map((served) => served.tool);
  }

  /** Whether a call of `name` is ours to answer (a listed tool, or a served tool's own name). */
  answers(name: string): boolean {
    return this.#toolSearch?.handles(name) === true || this.#tools.get(name) !== undefined;
  }

  /**
   * Answers a `tools/call` through the router's pipeline. A name that is not ours
   * ({@link answers}) rejects with `-32602 Unknown tool: <name>`, once metrics, tracing and the
   * debug log counted the call as they count every call (under `_unknown`,
   * `MODULE_NOT_FOUND`); a task asked of a tool that never runs as one, or a task-only tool
   * called without a task, rejects with the revision's error for it.
   */
  call(name: string, args: Record<string, unknown>, extra: RouterCallExtra): Promise<CallAnswer> {
    return this.#router.answerRequest(name, args, extra);
  }
}
