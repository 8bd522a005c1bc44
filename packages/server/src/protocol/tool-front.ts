import type { CallAnswer } from '../calls/call-observer.js';
import type { ExecutionRouter } from '../calls/execution-router.js';
import type { RouterCallExtra } from '../kernel/call-extra.js';
import type { McpTool } from '../kernel/mcp-tool.js';
import type { ToolSource } from '../kernel/served-tool.js';

/**
 * What clients see of the served tools, whoever hosts them (our own SDK server or an
 * application's): the list `tools/list` shows, and the calls of a `tools/call`. A feature may
 * list tools of its own instead (tool search's `search_tools` and `call_tool`, answered by its
 * step of the pipeline); direct calls by a served tool's own name are answered either way.
 * Every call goes to the router's pipeline, whose steps decide it, refusals the protocol
 * answers as JSON-RPC errors included (see `ProtocolRefusal`).
 *
 * @example
 * ```ts
 * const front = new ToolFront({ tools: table, router, listedTools: undefined });
 * const answer = await front.call(name, args, extra);
 * ```
 */
export class ToolFront {
  readonly #tools: ToolSource;
  readonly #router: ExecutionRouter;
  readonly #listedTools: (() => McpTool[]) | undefined;

  constructor(options: {
    tools: ToolSource;
    router: ExecutionRouter;
    /** What a feature lists instead of the served tools (filtering per caller itself). */
    listedTools: (() => McpTool[]) | undefined;
  }) {
    this.#tools = options.tools;
    this.#router = options.router;
    this.#listedTools = options.listedTools;
  }

  /** Every served tool (what a caller's view is cut from). */
  get served(): ToolSource {
    return this.#tools;
  }

  /** Whether clients are shown the served tools themselves (not a feature's own). */
  get listsServedTools(): boolean {
    return this.#listedTools === undefined;
  }

  /**
   * The tools to list, read afresh on every call: a feature's own when it lists some, else
   * those of `visible` (default: every served tool).
   */
  list(visible: ToolSource = this.#tools): McpTool[] {
    return this.#listedTools?.() ?? visible.list().map((served) => served.tool);
  }

  /**
   * Answers a `tools/call` through the router's pipeline. A name no step answers and no tool
   * has rejects with `-32602 Unknown tool: <name>`, once metrics, tracing and the debug log
   * counted the call as they count every call (under `_unknown`, `MODULE_NOT_FOUND`); a task
   * asked of a tool that never runs as one, or a task-only tool called without a task, rejects
   * with the revision's error for it.
   */
  call(name: string, args: Record<string, unknown>, extra: RouterCallExtra): Promise<CallAnswer> {
    return this.#router.answerRequest(name, args, extra);
  }
}
