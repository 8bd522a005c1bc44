import type { Identity } from '@apcore-mcp/core';
import type { ModuleErrorLike } from '@apcore-mcp/core/bridge';
import type { ProtocolError } from '@modelcontextprotocol/server';
import { ANONYMOUS_SUBJECT } from '../../kernel/anonymous-subject.js';
import { type RouterCallExtra, readCallTraceId } from '../../kernel/call-extra.js';
import type { Logger } from '../../kernel/logger.js';
import type { ServedTool } from '../../kernel/served-tool.js';
import type { CallRounds } from '../call-rounds.js';
import type { OpenedCall } from '../open-call.js';

/**
 * One tool call as it goes through the pipeline. The first fields are the request's; the entries
 * fill in the rest on the way in: `route` the module it runs as, `rounds` what earlier rounds
 * settled, `open` its context and approval once it got past every refusal. The steps after the
 * input check get it as a {@link CheckedCall}, those after `open` as an {@link OpenedToolCall}:
 * their types say what is set, so the order of the steps is the compiler's to check.
 *
 * @example
 * ```ts
 * const call = new ToolCall({ name: 'math-add', arguments: { a: 1 }, extra: {}, identity: undefined, logger });
 * ```
 */
export class ToolCall {
  /**
   * The tool's name as the client called it; under tool search, `call_tool`'s target once the
   * search entry resolved it (the call then runs, and is counted, as a call of that tool).
   */
  tool: string;
  readonly identity: Identity | undefined;
  /** `identity.id`, or {@link ANONYMOUS_SUBJECT}: what limits are counted by. */
  readonly subject: string;
  /**
   * When the server took the call (`performance.now()`); for a task's attempt that takes over a
   * call still running (`extra.continued`), when that call was taken.
   */
  readonly startedAt: number;
  /** What the call knows of its request; the tracing entry adds the call's trace. */
  extra: RouterCallExtra;
  /** The arguments the module gets: a grouped call's without its `action`. */
  arguments: Record<string, unknown>;
  /** The module the call runs as (a grouped tool's action), once routed. */
  served: ServedTool | undefined;
  /** Whether it came through a grouped tool (its input is then always checked). */
  grouped = false;
  /** Put before the text of an error result: which group and action failed. */
  errorPrefix = '';
  /** Why routing found nothing to run (an unknown name or action, unknown fields). */
  refusal: ModuleErrorLike | undefined;
  /** Bound to the tool name, and to the trace id when the server knows one. */
  logger: Logger;
  /** A 2026-07-28 call that can ask the client: what earlier rounds settled, what it asked. */
  rounds: CallRounds | undefined;
  /** Its context, cancellation and approval, once it got past every refusal. */
  opened: OpenedCall | undefined;
  /**
   * What the steps threw, once the errors entry made it the call's error result; with the
   * JSON-RPC error the client gets instead, for a `ProtocolRefusal`.
   */
  failure: { readonly thrown: unknown; readonly protocolError?: ProtocolError } | undefined;
  /**
   * Whether it got past every refusal (validation, limits) to approval and the executor; a
   * taken-over call (`extra.continued`) did, before it became a task.
   */
  get ran(): boolean {
    return this.opened !== undefined || this.extra.continued !== undefined;
  }

  constructor(fields: {
    name: string;
    arguments: Record<string, unknown>;
    extra: RouterCallExtra;
    identity: Identity | undefined;
    logger: Logger;
  }) {
    this.tool = fields.name;
    this.arguments = fields.arguments;
    this.extra = fields.extra;
    this.startedAt = fields.extra.continued?.startedAt ?? performance.now();
    this.identity = fields.identity;
    this.subject = fields.identity?.id ?? ANONYMOUS_SUBJECT;
    this.logger = fields.logger;
  }

  /** The call's trace id when the server knows it (a client's `traceparent`, a span). */
  get traceId(): string | undefined {
    return readCallTraceId(this.extra);
  }
}

/**
 * A call past the input check: the module it runs as is known (an unknown tool or action was
 * refused). What the steps from limits to the executor get.
 *
 * @example
 * ```ts
 * const moduleId = (call: CheckedCall) => call.served.moduleId;
 * ```
 */
export type CheckedCall = ToolCall & { readonly served: ServedTool };

/**
 * A call past every refusal with its module context built (`open`): what approval and the
 * executor get.
 *
 * @example
 * ```ts
 * const context = (call: OpenedToolCall) => call.opened.context;
 * ```
 */
export type OpenedToolCall = CheckedCall & { readonly opened: OpenedCall };
