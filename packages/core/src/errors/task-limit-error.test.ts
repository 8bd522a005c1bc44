import { describe, expect, it } from 'vitest';
import { ApcoreMcpError } from './apcore-mcp-error.js';
import { TaskLimitError } from './task-limit-error.js';

describe('TaskLimitError', () => {
  it("names the subject's quota and when a slot frees, without naming the subject", () => {
    const error = new TaskLimitError({
      limit: 'maxTasksPerSubject',
      max: 100,
      oldestExpiresAt: '2026-11-30T10:00:00.000Z',
    });
    expect(error.code).toBe('TASK_LIMIT_REACHED');
    expect(error.message).toBe(
      'Task quota reached: this subject has 100 live tasks (maxTasksPerSubject). A slot frees ' +
        'when one of them is cancelled, or ends and its result is fetched; the oldest expires at ' +
        '2026-11-30T10:00:00.000Z.',
    );
    expect(error.details).toEqual({
      limit: 'maxTasksPerSubject',
      max: 100,
      oldestExpiresAt: '2026-11-30T10:00:00.000Z',
    });
  });

  it('names the bound of all subjects together, and leaves out an expiry it was not told', () => {
    const error = new TaskLimitError({ limit: 'maxTasks', max: 1000 });
    expect(error.message).toBe(
      'Task limit reached: 1000 live tasks on this server (maxTasks). A slot frees when one of ' +
        'them is cancelled, or ends and its result is fetched.',
    );
    expect(error.details).toEqual({ limit: 'maxTasks', max: 1000 });
    expect(TaskLimitError.isInstance(error)).toBe(true);
    expect(TaskLimitError.isInstance(new ApcoreMcpError({ code: 'X', message: 'x' }))).toBe(false);
  });
});
