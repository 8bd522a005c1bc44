import type { Identity } from '@apcore-mcp/core';
import type { ServedTool } from '../tools/served-tool.js';
import type { ToolCallResult } from './tool-call-result.js';

/**
 * The subject of calls made without an identity (stdio without `identity`, HTTP without auth).
 * Limits and budgets still apply to it, as to one shared caller.
 *
 * @example
 * ```ts
 * if (call.subject === ANONYMOUS_SUBJECT) logger.warn('unauthenticated call');
 * ```
 */
export const ANONYMOUS_SUBJECT = '@anonymous';

/**
 * One tool call as governance sees it: the real module it runs, who makes it (the authenticated
 * subject, never a client-asserted id) and its arguments.
 *
 * @example
 * ```ts
 * const call: GovernedCall = { tool: 'orders-cancel', served, subject: 'alice', identity, arguments: {} };
 * ```
 */
export interface GovernedCall {
  /** The served tool's name, as the client called it. */
  readonly tool: string;
  /** The served entry: module id, definition, annotations, input schema. */
  readonly served: ServedTool;
  /** `identity.id`, or {@link ANONYMOUS_SUBJECT} when the call has no identity. */
  readonly subject: string;
  readonly identity: Identity | undefined;
  /** The arguments the module gets (untrusted; never modify them). */
  readonly arguments: Readonly<Record<string, unknown>>;
  /** The call's trace id when the server knows it (a `traceparent`, a span): see the router. */
  readonly traceId?: string | undefined;
}

/**
 * How one call ended, for governance to record.
 *
 * @example
 * ```ts
 * const settled: SettledCall = { result, durationMs: 3.2, ran: true };
 * ```
 */
export interface SettledCall {
  readonly result: ToolCallResult;
  readonly durationMs: number;
  /**
   * Whether the call passed its input check and governance (`admit`) and went on to the executor:
   * `false` means nothing ran, so nothing should be spent.
   */
  readonly ran: boolean;
}

/**
 * Rules every tool call passes before it runs, and a record of how it ended: rate limits,
 * budgets, a ledger. `admit` runs after the tool is found and its input checked, before anyone is
 * asked to approve it; a result from it answers the call and nothing runs. `settle` hears every
 * answered call of a served tool (not the `input_required` rounds of 2026-07-28 calls); it must
 * not throw.
 *
 * @example
 * ```ts
 * const governance: CallGovernance = {
 *   admit: async (call) => (call.subject === 'mallory' ? refusal : undefined),
 *   settle: (call, settled) => ledger.append(call, settled),
 * };
 * ```
 */
export interface CallGovernance {
  admit?(call: GovernedCall): Promise<ToolCallResult | undefined>;
  settle?(call: GovernedCall, settled: SettledCall): void;
}

/**
 * One governance made of several, applied in order: the first refusal answers the call, and
 * every part hears how each call ended. `undefined` when there are no parts, so the router holds
 * nothing and calls cost nothing more.
 *
 * @example
 * ```ts
 * const governance = combineGovernance([limits, ledger]);
 * ```
 */
export function combineGovernance(
  parts: readonly (CallGovernance | undefined)[],
): CallGovernance | undefined {
  const present = parts.filter((part): part is CallGovernance => part !== undefined);
  if (present.length === 0) return undefined;
  if (present.length === 1) return present[0];
  return {
    async admit(call) {
      for (const part of present) {
        const refusal = await part.admit?.(call);
        if (refusal !== undefined) return refusal;
      }
      return undefined;
    },
    settle(call, settled) {
      for (const part of present) part.settle?.(call, settled);
    },
  };
}
