import {
  type Implementation,
  type JSONRPCRequest,
  type Result,
  Server,
  type ServerCapabilities,
  type ServerContext,
  type ServerOptions,
} from '@modelcontextprotocol/server';
import { revisionOfVersion, SERVED_REVISIONS } from './pick-revision.js';

type RequestHandler = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;

/**
 * The SDK's low-level `Server`, fitted to every revision served: each codec prepares it once
 * (`prepareServer`), the capabilities a connection is told are its revision's (with `tasks`,
 * a 2025-11-25 connection hears of the `tasks` capability; a 2026-07-28 client learns of tasks
 * from the extension), and a `tools/call` may answer a created task in its revision's shape
 * (2025-11-25's `CreateTaskResult`, which the SDK would otherwise refuse as a malformed
 * `CallToolResult`).
 *
 * @example
 * ```ts
 * const server = new RevisionServer({ name: 'tools', version: '1.0.0' }, options, { tasks: true });
 * ```
 */
export class RevisionServer extends Server {
  readonly #tasks: boolean;

  constructor(serverInfo: Implementation, options: ServerOptions, served: { tasks: boolean }) {
    super(serverInfo, options);
    this.#tasks = served.tasks;
    for (const revision of SERVED_REVISIONS) revision.prepareServer(this);
  }

  /**
   * The capabilities, as the connection's revision declares them. The SDK reads them to answer
   * `initialize` once it has chosen the revision, and `server/discover` on 2026-07-28.
   */
  override getCapabilities(): ServerCapabilities {
    const version = this.getNegotiatedProtocolVersion();
    return revisionOfVersion(version).serverCapabilities(super.getCapabilities(), {
      tasks: this.#tasks,
      version,
    });
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
