import {
  type Implementation,
  type JSONRPCRequest,
  type Result,
  Server,
  type ServerCapabilities,
  type ServerContext,
  type ServerOptions,
} from '@modelcontextprotocol/server';
import { LEGACY_TASKS_CAPABILITY } from '../tasks/legacy-task-results.js';

/** The one revision before 2026-07-28 that has tasks (experimental there). */
const TASKS_REVISION = '2025-11-25';

type RequestHandler = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;

/**
 * The SDK's low-level `Server`, able to serve the experimental tasks of 2025-11-25 beside the
 * tasks extension of 2026-07-28. With `legacyTasks`, a connection that negotiated 2025-11-25
 * is told of the `tasks` capability (a 2026-07-28 client never is: it learns of tasks from the
 * extension), and a `tools/call` may answer the 2025-11-25 `CreateTaskResult`, which the SDK
 * would otherwise refuse as a malformed `CallToolResult`.
 *
 * @example
 * ```ts
 * const server = new LegacyTasksServer({ name: 'tools', version: '1.0.0' }, options, true);
 * ```
 */
export class LegacyTasksServer extends Server {
  readonly #legacyTasks: boolean;

  constructor(serverInfo: Implementation, options: ServerOptions, legacyTasks: boolean) {
    super(serverInfo, options);
    this.#legacyTasks = legacyTasks;
  }

  /**
   * The capabilities, with `tasks` on a 2025-11-25 connection. The SDK reads them to answer
   * `initialize` once it has chosen the revision, and `server/discover` on 2026-07-28.
   */
  override getCapabilities(): ServerCapabilities {
    const capabilities = super.getCapabilities();
    if (!this.#legacyTasks || this.getNegotiatedProtocolVersion() !== TASKS_REVISION) {
      return capabilities;
    }
    return { ...capabilities, tasks: LEGACY_TASKS_CAPABILITY };
  }

  /**
   * The SDK's wrapping of each handler, except that a `tools/call` answering a created task
   * (`{ task }`, no `content`) gets past the SDK's check of tool results unchanged: it leaves
   * the handler as a thrown {@link CreatedTaskAnswer}, below that check, and is answered above.
   */
  protected override _wrapHandler(method: string, handler: RequestHandler): RequestHandler {
    if (method !== 'tools/call') return super._wrapHandler(method, handler);
    const checked = super._wrapHandler(method, async (request, ctx) => {
      const result = await handler(request, ctx);
      if (isCreateTaskResult(result)) throw new CreatedTaskAnswer(result);
      return result;
    });
    return async (request, ctx) => {
      try {
        return await checked(request, ctx);
      } catch (error) {
        if (error instanceof CreatedTaskAnswer) return error.result;
        throw error;
      }
    };
  }
}

/** Carries a `tools/call`'s `CreateTaskResult` around the SDK's check of tool results. */
class CreatedTaskAnswer extends Error {
  readonly result: Result;

  constructor(result: Result) {
    super('The call continues as a task');
    this.result = result;
  }
}

function isCreateTaskResult(result: Result): boolean {
  const task = (result as { task?: unknown }).task;
  return typeof task === 'object' && task !== null && !('content' in result);
}
