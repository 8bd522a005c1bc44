import type { TaskView } from '@apcore-mcp/core/bridge';
import { describe, expect, it } from 'vitest';
import { toCreateTaskResult } from '../../kernel/task-results.js';
import { toLegacyCreateTaskResult, toLegacyTask } from './task-wire.js';

const VIEW: TaskView = {
  taskId: 't-1',
  owner: 'alice',
  status: 'working',
  statusMessage: '1/2: Reading',
  createdAt: '2026-11-27T10:00:00.000Z',
  lastUpdatedAt: '2026-11-27T10:00:01.000Z',
  ttlMs: 60_000,
  pollIntervalMs: 500,
};

describe('toLegacyTask', () => {
  it('shows ttl and pollInterval, never the owner', () => {
    expect(toLegacyTask(VIEW)).toEqual({
      taskId: 't-1',
      status: 'working',
      statusMessage: '1/2: Reading',
      createdAt: '2026-11-27T10:00:00.000Z',
      lastUpdatedAt: '2026-11-27T10:00:01.000Z',
      ttl: 60_000,
      pollInterval: 500,
    });
  });

  it('shows a task whose tool answered an error as failed, with the error text', () => {
    const result = { content: [{ type: 'text', text: 'Disk full' }], isError: true };
    expect(toLegacyTask({ ...VIEW, status: 'completed', result })).toMatchObject({
      status: 'failed',
      statusMessage: 'Disk full',
    });
    const done = { content: [{ type: 'text', text: 'ok' }] };
    expect(toLegacyTask({ ...VIEW, status: 'completed', result: done })).toMatchObject({
      status: 'completed',
      statusMessage: '1/2: Reading',
    });
  });
});

describe('toLegacyCreateTaskResult', () => {
  it('puts the task the entry created under task', () => {
    expect(toLegacyCreateTaskResult(toCreateTaskResult(VIEW))).toEqual({
      task: toLegacyTask(VIEW),
    });
  });
});
