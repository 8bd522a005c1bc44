import type { Identity } from '@apcore-mcp/core';
import type { TaskEngine } from '@apcore-mcp/core/bridge';
import type {
  ProtocolError,
  Result,
  Server,
  ServerCapabilities,
  ServerContext,
} from '@modelcontextprotocol/server';
import type { ProtocolEra, RouterCallExtra } from '../kernel/call-extra.js';
import type { TaskCreatedResult } from '../kernel/task-created-result.js';

/**
 * Signs the state of an `input_required` answer for the retry (the server's `requestState`
 * codec, as far as a revision needs it).
 *
 * @example
 * ```ts
 * const state: RequestStateMinter = { mint: async (payload, ctx) => codec.mint(payload, ctx) };
 * ```
 */
export interface RequestStateMinter {
  mint(state: Record<string, unknown>, ctx: ServerContext): Promise<string>;
}

/**
 * What a revision needs to serve tasks on one server: where they live and the caller when a
 * request carries none.
 *
 * @example
 * ```ts
 * const options: TaskApiOptions = { engine, identity: undefined };
 * ```
 */
export interface TaskApiOptions {
  engine: TaskEngine;
  identity: Identity | undefined;
}

/**
 * One revision's task methods on one server, over the shared engine: a task behaves the same
 * whichever revision created it, and either may look at it. A method the revision does not
 * have answers -32601.
 *
 * @example
 * ```ts
 * server.setRequestHandler('tasks/get', ({ taskId }, ctx) => api.get(taskId, ctx));
 * ```
 */
export interface TaskApi {
  /** `tasks/get`. */
  get(taskId: string, ctx: ServerContext): Promise<Result>;
  /** `tasks/update`: the answers of the task's open questions. */
  update(
    params: { taskId: string; inputResponses?: Record<string, unknown> },
    ctx: ServerContext,
  ): Promise<Result>;
  /** `tasks/cancel`. */
  cancel(taskId: string, ctx: ServerContext): Promise<Result>;
  /** `tasks/result`. */
  result(taskId: string, ctx: ServerContext): Promise<Result>;
  /** The answer to a `tools/call` of this server that became a task, on this revision's wire. */
  created(answer: TaskCreatedResult): Result;
}

/**
 * Everything that differs between the protocol revisions a server speaks, behind one seam: one
 * implementation per revision (`rev2025-11-25/`, `rev2026-07-28/`), picked once per request
 * from what the SDK tells about it (see `pick-revision.ts`) and asked instead of branching.
 * Handlers and steps call `revision.resourceNotFound(uri)`, `revision.refuseTaskRequired()`,
 * `revision.taskApi(...)`; nothing outside this folder compares revisions.
 *
 * @example
 * ```ts
 * throw revisionOfRequest(ctx).resourceNotFound(uri, { server, ctx });
 * ```
 */
export interface RevisionCodec {
  /** The revision's name, carried on calls and task records (`RouterCallExtra.era`). */
  readonly era: ProtocolEra;
  /**
   * Whether the revision's HTTP requests belong to sessions (`initialize`, `Mcp-Session-Id`,
   * a server per session) rather than standing alone (one server per request).
   */
  readonly sessions: boolean;
  /**
   * Whether a server of this revision sends `notifications/resources/updated` only for the URIs
   * its connection subscribed to (`resources/subscribe`), rather than to whoever listens.
   */
  readonly updatesNeedSubscription: boolean;
  /**
   * Whether a task-supporting call becomes its task at once, before its module runs: a
   * revision with no input rounds cannot carry what a quick part asked into the task.
   */
  readonly tasksStartAtOnce: boolean;
  /**
   * Whether the revision has the events extension (SEP-3415, defined for 2026-07-28 only):
   * `events/*` handlers answer -32601 where it does not, and its capability is not declared.
   */
  readonly events: boolean;
  /**
   * The cache attributes of a result meant for its caller alone (skills follow the caller):
   * empty where results carry none.
   */
  readonly privateResultHints: Readonly<{ ttlMs?: number; cacheScope?: 'private' }>;
  /** The protocol version a request was made under, as far as the server knows it. */
  protocolVersion(ctx: ServerContext, server: Server): string | undefined;
  /**
   * What a call adds to its {@link RouterCallExtra} on this revision: its revision and version,
   * the client's capabilities, how it asks the client (server-to-client requests, or input
   * rounds signed with `requestState`), and whether it asked for a task.
   */
  callExtra(
    ctx: ServerContext,
    server: Server,
    parts: { requestState?: RequestStateMinter | undefined; params?: { task?: unknown } },
  ): RouterCallExtra;
  /** The error of a request for a resource URI nothing serves, with `data: { uri }`. */
  resourceNotFound(uri: string, request: { server: Server; ctx: ServerContext }): ProtocolError;
  /** Whether the client of `extra` takes tasks (the server serves them: `extra.tasksServed`). */
  takesTasks(extra: RouterCallExtra): boolean;
  /** The refusal of a call without a task of a tool that only runs as a task. */
  refuseTaskRequired(): ProtocolError;
  /**
   * The capabilities a server declares on this revision, with or without tasks; without
   * what the revision does not define (the events extension on 2025-11-25).
   */
  serverCapabilities(
    capabilities: ServerCapabilities,
    served: { tasks: boolean; version: string | undefined },
  ): ServerCapabilities;
  /** This revision's task methods on `server` (one per server and revision). */
  taskApi(server: Server, options: TaskApiOptions): TaskApi;
  /** Fits a new server to the revision's wire (once, when the server is built). */
  prepareServer(server: Server): void;
}
