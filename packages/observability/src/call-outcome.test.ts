import { createToolErrorResult } from '@apcore-mcp/errors';
import { describe, expect, it } from 'vitest';
import { callOutcome } from './call-outcome.js';

describe('callOutcome', () => {
  it('is ok, the error code, input_required, task, or error for a code that is no label', () => {
    expect(callOutcome({ content: [] })).toBe('ok');
    expect(
      callOutcome({ content: [], isError: true, _meta: { 'apcore/errorCode': 'ACL_DENIED' } }),
    ).toBe('ACL_DENIED');
    expect(
      callOutcome({ content: [], isError: true, _meta: { 'apcore/errorCode': 'free text, 42' } }),
    ).toBe('error');
    expect(callOutcome({ content: [], isError: true })).toBe('error');
    expect(
      callOutcome({
        resultType: 'input_required',
        inputRequests: {},
      } as unknown as Parameters<typeof callOutcome>[0]),
    ).toBe('input_required');
    expect(callOutcome({ resultType: 'task', taskId: 't-1', status: 'working' })).toBe('task');
  });

  it('reads the error code where @apcore-mcp/errors writes it', () => {
    expect(callOutcome(createToolErrorResult('Access denied', 'ACL_DENIED'))).toBe('ACL_DENIED');
  });
});
