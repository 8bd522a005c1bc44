import type { CallToolResult } from '@modelcontextprotocol/client';
import type { Failure } from './describe-error.js';

/**
 * How the last call ended: the result or the failure, and how long it took.
 *
 * @example
 * ```ts
 * const outcome: CallOutcome = { kind: 'result', result: { content: [] }, elapsedMs: 12 };
 * ```
 */
export type CallOutcome =
  | { kind: 'result'; result: CallToolResult; elapsedMs: number }
  | { kind: 'failure'; failure: Failure; elapsedMs: number };
