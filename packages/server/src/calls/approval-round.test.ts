import { describe, expect, it } from 'vitest';
import {
  type ApprovalRound,
  approvalState,
  hashJson,
  readApprovalAnswer,
} from './approval-round.js';

function roundWith(
  state: Record<string, unknown> | undefined,
  responses?: Record<string, unknown>,
) {
  const round: ApprovalRound = {
    tool: 'files-delete',
    arguments: { path: '/tmp/a', force: true },
    input: { state, responses, require: () => Promise.reject(new Error('not asked here')) },
  };
  return round;
}

describe('approval rounds', () => {
  it('hashes equal arguments equally, whatever their key order', () => {
    expect(hashJson({ a: 1, b: { c: 2, d: 3 } })).toBe(hashJson({ b: { d: 3, c: 2 }, a: 1 }));
    expect(hashJson({ a: 1 })).not.toBe(hashJson({ a: 2 }));
  });

  it('reads an answer only under the state of this exact call', () => {
    const expected = approvalState(roundWith(undefined), 'files.delete', { path: '/tmp/a' });
    const accept = { approval: { action: 'accept', content: { confirm: true } } };
    expect(readApprovalAnswer(roundWith(expected, accept), expected)).toEqual({
      status: 'answered',
      action: 'accept',
      content: { confirm: true },
    });
    expect(readApprovalAnswer(roundWith(undefined, accept), expected).status).toBe('unanswered');
    expect(readApprovalAnswer(roundWith(expected), expected).status).toBe('unanswered');
    const other = { ...expected, inputs: hashJson({ path: '/etc' }) };
    expect(readApprovalAnswer(roundWith(other, accept), expected).status).toBe('mismatch');
    const odd = { approval: { action: 'maybe' } };
    expect(readApprovalAnswer(roundWith(expected, odd), expected).status).toBe('unanswered');
  });
});
