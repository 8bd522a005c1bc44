import type { ContextFactory, Logger } from '@apcore-mcp/core/bridge';
import type { ErrorMapper } from '@apcore-mcp/errors';
import type { ToolGroups } from '../route-grouped-call.js';
import type { OutputPart } from './output-parts.js';

/**
 * One tool call a model made, read out of a provider's payload.
 *
 * @example
 * ```ts
 * const input: DispatchInput = { id: 'toolu_01', name: 'image-resize', arguments: { width: 100 } };
 * ```
 */
export interface DispatchInput {
  /** The provider's call id, handed back on the outcome. */
  id: string;
  /** The tool name the model called; anything but a string is answered `Unknown tool`. */
  name: unknown;
  /** The arguments: an object, or JSON text (`""` counts as `{}`). */
  arguments: unknown;
  /** A call of a kind of tool the export never offers (OpenAI's custom tools): `Unknown tool`. */
  foreign?: boolean;
}

/**
 * How one call ended: the module's output as parts, or the text a model reads of the failure
 * (sanitized, a grouped tool's `[group/action]` prefix) and, when the apcore contract gives it,
 * its AI guidance as JSON text. `executed` says whether the Executor was called.
 *
 * @example
 * ```ts
 * const outcome: DispatchOutcome = { id: 'toolu_01', ok: false, error: 'Access denied', executed: true };
 * ```
 */
export type DispatchOutcome =
  | { id: string; ok: true; moduleId: string; parts: OutputPart[] }
  | { id: string; ok: false; error: string; guidance?: string; executed: boolean };

/**
 * Options of {@link dispatchCalls}.
 *
 * @example
 * ```ts
 * const options: DispatchOptions = { toolNames: ['image-resize'], sequential: true };
 * ```
 */
export interface DispatchOptions {
  /** Receives unexpected failures (with their stack) and mapping details. */
  logger?: Logger;
  /** Builds the context passed to `executor.call()`; without one, no context is passed. */
  contextFactory?: ContextFactory;
  /**
   * The tool names offered to the model. When given, only calls to these names run; any other
   * name is answered `Unknown tool: <name>` without touching the executor.
   */
  toolNames?: Iterable<string>;
  /** Run the calls one after another instead of concurrently. Default `false`. */
  sequential?: boolean;
  /** Maps failures to text; defaults to `new ErrorMapper({ logger })`. */
  errorMapper?: ErrorMapper;
  /** The grouped tools of the export: a call of one runs the module its `action` names. */
  groups?: ToolGroups;
  /**
   * Replace every secret of an output by `***REDACTED***`: what the module's output schema
   * marks `x-sensitive: true`, and keys starting with `_secret_`. Default `true`.
   */
  redactOutput?: boolean;
}
