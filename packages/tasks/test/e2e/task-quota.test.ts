import { TaskLimitError } from '@apcore-mcp/core';
import type { AttemptOutcome, TaskCall, TaskEngine, TaskView } from '@apcore-mcp/core/bridge';
import { redisSkipReason } from '@apcore-mcp/test-support';
import { describe, expect, it, vi } from 'vitest';
import { type BullmqTaskEngineOptions, createBullmqTaskEngine } from '../../src/index.js';
import { useRedisForEngines } from '../helpers/redis-for-engines.js';

/** How long one step may take on a busy machine before the test gives up on it. */
const STEP_TIMEOUT_MS = 20_000;
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const skip = redisSkipReason();
const CALL: TaskCall = { tool: 'job', arguments: {}, identity: null, era: '2026-07-28' };
const DONE: AttemptOutcome = { kind: 'result', result: { content: [] } };

/** What `created` rejected with; fails the test when it created a task. */
async function refusalOf(created: Promise<unknown>): Promise<TaskLimitError> {
  const error = await created.then(
    () => new Error('the task was created'),
    (reason: unknown) => reason,
  );
  if (!TaskLimitError.isInstance(error)) throw error;
  return error;
}

describe.skipIf(skip !== undefined)(
  `BullMQ task engine bounds${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    const redis = useRedisForEngines();

    /** An instance that creates and answers tasks; with `finishing`, its attempts end at once. */
    async function instance(
      options: Partial<BullmqTaskEngineOptions> = {},
      finishing = false,
    ): Promise<TaskEngine> {
      const engine = await createBullmqTaskEngine({
        connection: redis.url(),
        runAttempts: finishing,
        ...options,
      });
      redis.track(engine);
      engine.start(async () => DONE);
      return engine;
    }

    /** Polls `engine` (bounded) until the task has `status`; reading hands nothing over. */
    function statusOf(engine: TaskEngine, taskId: string, owner: string | null, status: string) {
      return vi.waitFor(
        async () => {
          const task = await engine.get(taskId, owner);
          expect(task?.status).toBe(status);
          return task as TaskView;
        },
        { timeout: STEP_TIMEOUT_MS, interval: 20 },
      );
    }

    it('holds each subject to maxTasksPerSubject across instances; another subject goes on', async () => {
      const bounds = { maxTasksPerSubject: 2 };
      const [first, second] = [await instance(bounds), await instance(bounds)];
      const oldest = await first.create(CALL, 'alice');
      await second.create(CALL, 'alice');
      const refused = await refusalOf(second.create(CALL, 'alice'));
      expect(refused.details).toEqual({
        limit: 'maxTasksPerSubject',
        max: 2,
        oldestExpiresAt: expect.stringMatching(ISO_TIME),
      });
      const expiresAt = Date.parse(oldest.createdAt) + oldest.ttlMs;
      expect(Date.parse(String(refused.details.oldestExpiresAt))).toBeGreaterThanOrEqual(expiresAt);
      expect(refused.message).toContain('(maxTasksPerSubject)');
      await first.create(CALL, 'bob');
      await first.create(CALL, null);

      // A cancel on either instance frees the slot on both.
      expect(await second.cancel(oldest.taskId, 'alice')).toBe(true);
      await first.create(CALL, 'alice');
      await refusalOf(second.create(CALL, 'alice'));
    });

    it('counts an ended task until its owner is handed its outcome, then frees its slot', async () => {
      const runner = await instance({ maxTasksPerSubject: 1 }, true);
      const other = await instance({ maxTasksPerSubject: 1 });
      const { taskId } = await other.create(CALL, 'alice');
      await statusOf(other, taskId, 'alice', 'completed');
      await refusalOf(runner.create(CALL, 'alice'));
      // Another owner's release, or a second one, frees nothing more.
      await other.release?.(taskId, 'bob');
      await refusalOf(runner.create(CALL, 'alice'));
      await other.release?.(taskId, 'alice');
      await other.release?.(taskId, 'alice');
      const next = await runner.create(CALL, 'alice');
      await refusalOf(runner.create(CALL, 'alice'));
      // The released record stays for tasks/get until it expires.
      expect(await other.get(taskId, 'alice')).toMatchObject({ status: 'completed' });
      await statusOf(runner, next.taskId, 'alice', 'completed');
    });

    it('counts a task that failed on its time limit until its outcome is fetched', async () => {
      const front = await instance({ maxTasksPerSubject: 1, timeoutMs: 200 });
      const { taskId } = await front.create(CALL, 'alice');
      await statusOf(front, taskId, 'alice', 'failed');
      await refusalOf(front.create(CALL, 'alice'));
      await front.release?.(taskId, 'alice');
      await front.create(CALL, 'alice');
    });

    it('keeps counting a task still running that its owner tries to release', async () => {
      const front = await instance({ maxTasksPerSubject: 1 });
      const { taskId } = await front.create(CALL, 'alice');
      await front.release?.(taskId, 'alice');
      await refusalOf(front.create(CALL, 'alice'));
      expect(await front.get(taskId, 'alice')).toMatchObject({ status: 'working' });
    });

    it('frees the slot of an expired task', async () => {
      const front = await instance({ maxTasksPerSubject: 1, ttlMs: 1000 });
      const { taskId } = await front.create(CALL, 'alice');
      await refusalOf(front.create(CALL, 'alice'));
      await vi.waitFor(async () => expect(await front.get(taskId, 'alice')).toBe(undefined), {
        timeout: STEP_TIMEOUT_MS,
        interval: 50,
      });
      await front.create(CALL, 'alice');
    });

    it('lets instances creating at once pass neither bound', async () => {
      const bounds = { maxTasks: 5, maxTasksPerSubject: 3 };
      const [first, second] = [await instance(bounds), await instance(bounds)];
      const attempts = Array.from({ length: 16 }, (_, index) =>
        (index % 2 === 0 ? first : second).create(CALL, index < 8 ? 'alice' : `caller-${index}`),
      );
      const settled = await Promise.allSettled(attempts);
      const created = settled.filter((outcome) => outcome.status === 'fulfilled');
      expect(created).toHaveLength(5);
      const aliceCreated = settled
        .slice(0, 8)
        .filter((outcome) => outcome.status === 'fulfilled').length;
      expect(aliceCreated).toBeLessThanOrEqual(3);
      for (const outcome of settled) {
        if (outcome.status === 'rejected') {
          expect(TaskLimitError.isInstance(outcome.reason)).toBe(true);
        }
      }
      expect(await redis.inspector().zcard('apcore-mcp:tasks:live')).toBe(5);
    });

    it('bounds live tasks by default: 100 per subject', async () => {
      const front = await instance();
      for (let index = 0; index < 100; index += 1) await front.create(CALL, 'alice');
      const refused = await refusalOf(front.create(CALL, 'alice'));
      expect(refused.details).toMatchObject({ limit: 'maxTasksPerSubject', max: 100 });
    });

    it('keeps at most maxTasks released records, deleting the oldest, and leaves no slot behind', async () => {
      const runner = await instance({ maxTasks: 2 }, true);
      const released: string[] = [];
      for (let round = 0; round < 3; round += 1) {
        const { taskId } = await runner.create(CALL, 'alice');
        await statusOf(runner, taskId, 'alice', 'completed');
        await runner.release?.(taskId, 'alice');
        released.push(taskId);
      }
      const [oldest, older, newest] = released as [string, string, string];
      expect(await runner.get(oldest, 'alice')).toBe(undefined);
      expect(await runner.get(older, 'alice')).toMatchObject({ status: 'completed' });
      expect(await runner.get(newest, 'alice')).toMatchObject({ status: 'completed' });
      expect(await redis.inspector().zcard('apcore-mcp:tasks:live')).toBe(0);
      expect(await redis.inspector().exists('apcore-mcp:tasks:live:subject:alice')).toBe(0);
    });
  },
);
