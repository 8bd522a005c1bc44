import type { TaskCall } from '@apcore-mcp/core/bridge';
import { describe, expect, it } from 'vitest';
import {
  answered,
  ended,
  isCurrentAttempt,
  isOverdue,
  newTaskRecord,
  settled,
  timedOut,
} from './task-record.js';

const CALL: TaskCall = { tool: 'job', arguments: {}, identity: null, era: '2026-07-28' };
const LIMITS = { ttlMs: 60_000, timeoutMs: 1000, pollIntervalMs: 500 };
const NOW = Date.UTC(2026, 0, 1);
const ask = (message: string) => ({ method: 'elicitation/create', params: { message } });

function created() {
  const call = { ...CALL, round: { state: { step: 0 } } };
  return newTaskRecord({ taskId: 't1', call, owner: 'alice', now: NOW, limits: LIMITS });
}

describe('task records', () => {
  it('start working on attempt 1, the call kept apart from its round', () => {
    const record = created();
    expect(record).toMatchObject({
      view: { taskId: 't1', owner: 'alice', status: 'working', ttlMs: 60_000, pollIntervalMs: 500 },
      call: CALL,
      round: { state: { step: 0 } },
      attempt: 1,
      deadline: NOW + 1000,
    });
    expect(isCurrentAttempt(record, 1)).toBe(true);
    expect(isCurrentAttempt(record, 2)).toBe(false);
  });

  it('ask, take partial answers, then run a new attempt with the whole round', () => {
    const asking = settled(
      created(),
      { kind: 'input', inputRequests: { a: ask('A?'), b: ask('B?') }, state: { step: 1 } },
      NOW + 1,
    );
    expect(asking.view).toMatchObject({
      status: 'input_required',
      inputRequests: { a: {}, b: {} },
    });
    const partly = answered(asking, { a: { action: 'decline' } }, NOW + 2);
    expect(partly.view.inputRequests).toEqual({ b: ask('B?') });
    expect(partly.attempt).toBe(1);
    const whole = answered(partly, { b: { action: 'accept' } }, NOW + 3);
    expect(whole).toMatchObject({
      view: { status: 'working', lastUpdatedAt: new Date(NOW + 3).toISOString() },
      attempt: 2,
      round: {
        responses: { a: { action: 'decline' }, b: { action: 'accept' } },
        state: { step: 1 },
      },
    });
    expect(whole.view.inputRequests).toBe(undefined);
  });

  it('end cancelled or failed with the open questions cleared', () => {
    const asking = settled(
      created(),
      { kind: 'input', inputRequests: { a: ask('A?') }, state: undefined },
      NOW,
    );
    expect(ended(asking, NOW, 'cancelled', 'Cancelled by the client').view).toEqual(
      expect.not.objectContaining({ inputRequests: expect.anything() }),
    );
    expect(isOverdue(asking, NOW + 999)).toBe(false);
    expect(isOverdue(asking, NOW + 1000)).toBe(true);
    expect(timedOut(asking, NOW + 1000).view).toMatchObject({
      status: 'failed',
      statusMessage: 'Task timed out after 1000 ms',
      error: { code: -32603, message: 'Task timed out after 1000 ms' },
    });
    expect(isOverdue(timedOut(asking, NOW + 1000), NOW + 2000)).toBe(false);
  });

  it('keep the result of a completed attempt and the error of a failed one', () => {
    const result = { content: [{ type: 'text', text: 'ok' }] };
    expect(settled(created(), { kind: 'result', result }, NOW).view).toMatchObject({
      status: 'completed',
      result,
    });
    const error = { code: -32603, message: 'Internal error occurred' };
    expect(settled(created(), { kind: 'error', error }, NOW).view).toMatchObject({
      status: 'failed',
      statusMessage: 'Internal error occurred',
      error,
    });
  });
});
