import { createHash } from 'node:crypto';
import { toJsonValue } from '@apcore-mcp/core';
import type { InputRound } from './call-extra.js';

/** The `inputRequests` key of the approval question. */
export const APPROVAL_INPUT_KEY = 'approval';

/**
 * Approval of one 2026-07-28 tool call: the tool and the arguments it was called with, and its
 * input round. An answer counts only for the exact call it was asked about.
 *
 * @example
 * ```ts
 * const round: ApprovalRound = { tool: 'files-delete', arguments: { path: '/tmp/a' }, input };
 * ```
 */
export interface ApprovalRound {
  tool: string;
  arguments: Record<string, unknown>;
  input: InputRound;
}

/** What the client answered to the approval question of this exact call. */
export type ApprovalAnswer =
  | { status: 'unanswered' }
  /** The answer came with state minted for another call (other tool, arguments or module). */
  | { status: 'mismatch' }
  | {
      status: 'answered';
      action: 'accept' | 'decline' | 'cancel';
      content: Record<string, unknown> | undefined;
    };

/**
 * The state the approval question of `moduleId` (run with `inputs`) is signed with: the tool,
 * a hash of the call's arguments, the module and a hash of its own inputs (they differ for a
 * nested call). Hashes keep the arguments themselves out of the client-readable state.
 *
 * @example
 * ```ts
 * await round.input.require({ approval: question }, approvalState(round, moduleId, inputs));
 * ```
 */
export function approvalState(
  round: ApprovalRound,
  moduleId: string,
  inputs: Record<string, unknown>,
): Record<string, unknown> {
  return {
    kind: 'approval',
    tool: round.tool,
    arguments: hashJson(round.arguments),
    moduleId,
    inputs: hashJson(inputs),
  };
}

/**
 * Reads the client's answer to the approval question, if the retry carries one whose verified
 * state is exactly `expected`.
 *
 * @example
 * ```ts
 * const answer = readApprovalAnswer(round, approvalState(round, moduleId, inputs));
 * ```
 */
export function readApprovalAnswer(
  round: ApprovalRound,
  expected: Record<string, unknown>,
): ApprovalAnswer {
  const { state, responses } = round.input;
  const response = responses?.[APPROVAL_INPUT_KEY];
  if (state === undefined || response === undefined) return { status: 'unanswered' };
  const matches = Object.keys(expected).every((key) => state[key] === expected[key]);
  if (!matches || Object.keys(state).length !== Object.keys(expected).length) {
    return { status: 'mismatch' };
  }
  const { action, content } = (response ?? {}) as { action?: unknown; content?: unknown };
  if (action !== 'accept' && action !== 'decline' && action !== 'cancel') {
    return { status: 'unanswered' };
  }
  const isRecord = typeof content === 'object' && content !== null && !Array.isArray(content);
  return {
    status: 'answered',
    action,
    content: isRecord ? (content as Record<string, unknown>) : undefined,
  };
}

/** A SHA-256 of a JSON value with its object keys sorted: equal values, equal hashes. */
export function hashJson(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(sortKeys(toJsonValue(value))))
    .digest('base64url');
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, entry]) => [key, sortKeys(entry)]));
}
