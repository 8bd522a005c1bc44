import {
  type InputRequiredResult,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';
import type { ExecutionRouter } from '../calls/execution-router.js';
import type { RouterCallExtra } from '../kernel/call-extra.js';
import type { McpTool } from '../kernel/mcp-tool.js';
import type { ToolSource } from '../kernel/served-tool.js';
import type { TaskCreatedResult } from '../kernel/task-created-result.js';
import type { ToolCallResult } from '../kernel/tool-call-result.js';
import type { ToolSearch } from '../search/tool-search.js';
import { takesTasks } from '../tasks/task-entry.js';
import { missingTasksCapability } from './task-handlers.js';
import { unknownToolError } from './unknown-tool-error.js';

/**
 * What clients see of the served tools, whoever hosts them (our own SDK server or an
 * application's): the list `tools/list` shows and the names a `tools/call` of ours answers.
 * Under tool search that is `search_tools` and `call_tool`; direct calls by a served tool's own
 * name are answered either way.
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
   * Answers a call. A name that is not ours ({@link answers}) rejects with the protocol error
   * `-32602 Unknown tool: <name>` (see {@link unknownToolError}). The router still answers it
   * first, so metrics, tracing and the debug log count the call as they count every call (under
   * `_unknown`, `MODULE_NOT_FOUND`); only what the client is told differs. A call asking for a
   * task (2025-11-25) of a tool of ours that never runs as one is refused with -32601.
   */
  async call(
    name: string,
    args: Record<string, unknown>,
    extra: RouterCallExtra,
  ): Promise<ToolCallResult | InputRequiredResult | TaskCreatedResult> {
    const entry = this.#tools.get(name);
    if (extra.taskRequested === true && entry?.task === undefined && this.answers(name)) {
      throw taskForbiddenError(name);
    }
    if (this.#toolSearch?.handles(name)) return this.#toolSearch.handleCall(name, args, extra);
    if (entry?.task?.support === 'required' && !takesTasks(extra)) throw taskRequiredError(extra);
    const served = entry !== undefined;
    const answer = await this.#router.handleCall(name, args, extra);
    if (!served) throw unknownToolError(name);
    return answer;
  }
}

/** -32601, as the 2025-11-25 tasks page says, for a task asked of a tool without task support. */
function taskForbiddenError(name: string): ProtocolError {
  return new ProtocolError(
    ProtocolErrorCode.MethodNotFound,
    `Tool ${name} does not run as a task: call it without the task parameter`,
  );
}

/**
 * The refusal of a call of a tool that only runs as a task, from a client that did not ask for
 * one: -32021 naming the tasks extension (2026-07-28); -32601, as the 2025-11-25 tasks page
 * says, to a 2025 request without its `task` parameter.
 */
function taskRequiredError(extra: RouterCallExtra): ProtocolError {
  if (extra.era === '2025-11-25') {
    return new ProtocolError(
      ProtocolErrorCode.MethodNotFound,
      'This tool runs only as a task: call it with the task parameter',
    );
  }
  return missingTasksCapability();
}
