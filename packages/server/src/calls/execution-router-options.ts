import type { Identity } from '@apcore-mcp/core';
import type { ContextFactory, ExecutorLike, McpEventEmitter } from '@apcore-mcp/core/bridge';
import type { Logger } from '../kernel/logger.js';
import type { ToolSource, ToolsFor } from '../kernel/served-tool.js';
import type { RoundClaims } from '../store/round-claims.js';
import type { ApprovalOption } from './approval-option.js';
import type { CallObserver } from './call-observer.js';
import type { CallMiddleware, CheckedMiddleware } from './pipeline/call-middleware.js';

/**
 * Options of {@link ExecutionRouter}.
 *
 * @example
 * ```ts
 * const options: ExecutionRouterOptions = { executor, tools: table, validateInputs: true };
 * ```
 */
export interface ExecutionRouterOptions {
  /** Runs every call (`executor.call()`): ACL, validation, middleware, timeout all apply. */
  executor: ExecutorLike;
  /**
   * The served tools. A name not in it is answered "Module not found" without reaching the
   * executor, so tag/prefix filters and unregistered modules cannot be called around.
   */
  tools: ToolSource;
  logger?: Logger;
  /** Check arguments against the tool's input schema before the executor; default false. */
  validateInputs?: boolean;
  /**
   * The largest result answered, in bytes of its serialized content; a larger one is answered
   * with a `RESULT_TOO_LARGE` tool error. Default 1 MiB.
   */
  maxResultBytes?: number;
  /**
   * Replace every secret of a result (what the output schema marks `x-sensitive`, keys
   * starting with `_secret_`) by `***REDACTED***`, in results and streamed chunks; default true.
   */
  redactOutput?: boolean;
  /**
   * The time limit, in ms, of a call whose module declares none, given to each call's context
   * (its client channel's `callTimeoutMs`); default: the executor's own.
   */
  callTimeoutMs?: number | undefined;
  /** Builds contexts for an executor without `createContext`. */
  contextFactory?: ContextFactory;
  /** The caller when the request carries none. */
  identity?: Identity;
  /**
   * Who approves modules annotated `requiresApproval`: `'elicit'` (default: ask the user through
   * the client), `'deny'`, `'allow'`, or a handler `(request) => boolean | Promise<boolean>`.
   */
  approval?: ApprovalOption;
  /** Watches every call (metrics, tracing); see {@link ExecutionRouter.observer}. */
  observer?: CallObserver;
  /**
   * The pipeline entries of optional features, each put in its place in the call's list:
   * `tracing` wraps everything in a span, `record` hears every answered call (the ledger,
   * usage), `admit` may refuse a valid call before anything runs (rate limits, budgets; a
   * task's attempts were admitted with the task), `task` may answer with a task the call
   * becomes (its attempts then run the whole list again), `guard` may refuse a call whose
   * request may not call tools at all (a read-only inspector page's) before anything is checked,
   * `search` answers the tool search's own tools before the call is routed (`call_tool` goes on
   * as a call of its target, meeting every step after it).
   */
  entries?: {
    tracing?: CallMiddleware | undefined;
    search?: CallMiddleware | undefined;
    guard?: CallMiddleware | undefined;
    record?: CallMiddleware | undefined;
    admit?: CheckedMiddleware | undefined;
    task?: CheckedMiddleware | undefined;
  };
  /**
   * The tools as each caller may see them (under an ACL). A grouped call naming no valid
   * action is then answered with the caller's own actions, never the ones its ACL hides.
   */
  toolsFor?: ToolsFor;
  /**
   * Where the one-time ids of 2026-07-28 input rounds are claimed, so that one answered
   * approval runs a module once; default: this router's memory. Share it (a Redis store)
   * between instances that share a state key.
   */
  roundClaims?: RoundClaims;
  /**
   * Where a module's `emit(context, ...)` goes: every call's client channel carries it as
   * `emitEvent` (task attempts too). Absent: `emit` stores nothing and resolves `undefined`.
   */
  emitEvent?: McpEventEmitter;
}
