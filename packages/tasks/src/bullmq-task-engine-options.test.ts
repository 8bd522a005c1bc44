import { describe, expect, it } from 'vitest';
import { resolveEngineOptions } from './bullmq-task-engine-options.js';

const connection = 'redis://127.0.0.1:6379';

describe('resolveEngineOptions', () => {
  it("bounds live tasks by default, as the server's own engine does", () => {
    expect(resolveEngineOptions({ connection })).toMatchObject({
      maxTasks: 1000,
      maxTasksPerSubject: 100,
    });
  });

  it('names a bound that is not a positive integer', () => {
    expect(() => resolveEngineOptions({ connection, maxTasksPerSubject: 0 })).toThrow(
      'maxTasksPerSubject must be a positive integer, got 0',
    );
  });
});
