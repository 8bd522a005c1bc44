import { TaskLimitError } from '@apcore-mcp/core';
import type {
  AttemptContext,
  AttemptOutcome,
  TaskCall,
  TaskEngine,
  TaskView,
} from '@apcore-mcp/core/bridge';
import { redisSkipReason } from '@apcore-mcp/test-support';
import { describe, expect, it, vi } from 'vitest';
import { type BullmqTaskEngineOptions, createBullmqTaskEngine } from '../../src/index.js';
import { useRedisForEngines } from '../helpers/redis-for-engines.js';

/** How long one step may take on a busy machine before the test gives up on it. */
const STEP_TIMEOUT_MS = 20_000;

const skip = redisSkipReason();
const CALL: TaskCall = { tool: 'job', arguments: { n: 1 }, identity: null, era: '2026-07-28' };
const ASK_TWO: AttemptOutcome = {
  kind: 'input',
  inputRequests: {
    name: { method: 'elicitation/create', params: { message: 'Name?' } },
    confirm: { method: 'elicitation/create', params: { message: 'Sure?' } },
  },
  state: { step: 1 },
};
const STOPPED: AttemptOutcome = { kind: 'error', error: { code: -32603, message: 'Stopped' } };
const DONE: AttemptOutcome = {
  kind: 'result',
  result: { content: [{ type: 'text', text: 'ok' }] },
};

/** One attempt a worker engine started: what it was given, and how the test ends it. */
interface Attempt {
  call: TaskCall;
  context: AttemptContext;
  settle(outcome: AttemptOutcome): void;
}

describe.skipIf(skip !== undefined)(
  `BullMQ task engine${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    const redis = useRedisForEngines();

    /** An engine that only creates and answers tasks, as a front without a worker is. */
    async function front(options: Partial<BullmqTaskEngineOptions> = {}): Promise<TaskEngine> {
      const engine = await createBullmqTaskEngine({
        connection: redis.url(),
        runAttempts: false,
        ...options,
      });
      redis.track(engine);
      engine.start(() => Promise.reject(new Error('a front runs no attempt')));
      return engine;
    }

    /**
     * An engine running attempts that wait until the test settles them, one by one, or until
     * their signal aborts (as a module honouring it would).
     */
    async function worker(options: Partial<BullmqTaskEngineOptions> = {}) {
      const attempts: Attempt[] = [];
      const engine = await createBullmqTaskEngine({ connection: redis.url(), ...options });
      redis.track(engine);
      engine.start(
        (call, context) =>
          new Promise<AttemptOutcome>((settle) => {
            attempts.push({ call, context, settle });
            context.signal.addEventListener('abort', () => settle(STOPPED));
          }),
      );
      const attempt = async (index: number): Promise<Attempt> =>
        vi.waitFor(
          () => {
            const found = attempts[index];
            if (found === undefined) throw new Error(`attempt ${index + 1} has not started`);
            return found;
          },
          { timeout: STEP_TIMEOUT_MS, interval: 20 },
        );
      return { engine, attempt };
    }

    /** Polls `engine` (bounded) until the task has `status`. */
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

    it('creates on one instance, asks, takes answers and completes through another', async () => {
      const [creator, other, runner] = [await front(), await front(), await worker()];
      const heard: TaskView[] = [];
      creator.onChange((task) => heard.push(task));
      const created = await creator.create({ ...CALL, round: { state: { step: 0 } } }, 'alice');
      // Durable at once: any instance finds it.
      expect(await other.get(created.taskId, 'alice')).toMatchObject({ status: 'working' });

      const first = await runner.attempt(0);
      expect(first.call).toMatchObject({
        tool: 'job',
        arguments: { n: 1 },
        round: { state: { step: 0 } },
      });
      first.settle(ASK_TWO);
      const asked = await statusOf(other, created.taskId, 'alice', 'input_required');
      expect(Object.keys(asked.inputRequests ?? {})).toEqual(['name', 'confirm']);

      // A partial answer keeps the task waiting for the rest.
      expect(
        await other.update(created.taskId, 'alice', {
          name: { action: 'accept', content: { name: 'Ada' } },
        }),
      ).toBe(true);
      expect(await creator.get(created.taskId, 'alice')).toMatchObject({
        status: 'input_required',
        inputRequests: { confirm: { params: { message: 'Sure?' } } },
      });
      expect(await other.update(created.taskId, 'alice', { confirm: { action: 'accept' } })).toBe(
        true,
      );

      const second = await runner.attempt(1);
      expect(second.call.round).toEqual({
        responses: {
          name: { action: 'accept', content: { name: 'Ada' } },
          confirm: { action: 'accept' },
        },
        state: { step: 1 },
      });
      second.settle(DONE);
      expect(await statusOf(creator, created.taskId, 'alice', 'completed')).toMatchObject({
        result: { content: [{ type: 'text', text: 'ok' }] },
      });
      // Changes reach other instances over Redis pub/sub: on a busy machine, a while later.
      await vi.waitFor(
        () =>
          expect(heard.map((task) => task.status)).toEqual([
            'input_required',
            'working',
            'completed',
          ]),
        { timeout: STEP_TIMEOUT_MS, interval: 20 },
      );
    });

    it('hides a task from any other owner, and knows no unknown id', async () => {
      const [creator, other] = [await front(), await front()];
      const { taskId } = await creator.create(CALL, 'alice');
      expect(await other.get(taskId, 'bob')).toBe(undefined);
      expect(await other.get(taskId, null)).toBe(undefined);
      expect(await other.update(taskId, 'bob', {})).toBe(false);
      expect(await other.cancel(taskId, 'bob')).toBe(false);
      expect(await other.get('no-such-task', 'alice')).toBe(undefined);
      expect(await other.update('no-such-task', 'alice', {})).toBe(false);
      expect(await other.cancel('no-such-task', 'alice')).toBe(false);
      expect((await other.get(taskId, 'alice'))?.status).toBe('working');
    });

    it('cancels from any instance, aborting the attempt where it runs', async () => {
      const [other, runner] = [await front(), await worker()];
      const { taskId } = await runner.engine.create(CALL, null);
      const running = await runner.attempt(0);
      expect(await other.cancel(taskId, null)).toBe(true);
      expect(await other.get(taskId, null)).toMatchObject({
        status: 'cancelled',
        statusMessage: 'Cancelled by the client',
      });
      await vi.waitFor(() => expect(running.context.signal.aborted).toBe(true), {
        timeout: STEP_TIMEOUT_MS,
      });
      running.settle(DONE);
      // Whatever the attempt answers after, the task stays cancelled.
      await vi.waitFor(
        async () => expect(await redis.inspector().keys('*attempts:*attempt-1*')).toEqual([]),
        { timeout: STEP_TIMEOUT_MS },
      );
      expect((await other.get(taskId, null))?.status).toBe('cancelled');
      expect(await other.cancel(taskId, null)).toBe(true);
    });

    it('fails a task that outlives its time limit, aborting its attempt', async () => {
      // Long enough for a busy machine's worker to start the attempt before the limit passes
      // (a task past its limit that no attempt started fails without one).
      const runner = await worker({ timeoutMs: 3000 });
      const { taskId } = await runner.engine.create(CALL, null);
      const running = await runner.attempt(0);
      expect(await statusOf(runner.engine, taskId, null, 'failed')).toMatchObject({
        error: { code: -32603, message: 'Task timed out after 3000 ms' },
        statusMessage: 'Task timed out after 3000 ms',
      });
      await vi.waitFor(() => expect(running.context.signal.aborted).toBe(true), {
        timeout: STEP_TIMEOUT_MS,
      });
    });

    it('fails on reading a task past its time limit that no worker runs', async () => {
      const creator = await front({ timeoutMs: 200 });
      const { taskId } = await creator.create(CALL, null);
      expect(await statusOf(creator, taskId, null, 'failed')).toMatchObject({
        error: { code: -32603, message: 'Task timed out after 200 ms' },
      });
    });

    it('keeps a task for its ttlMs, then forgets it', async () => {
      const creator = await front({ ttlMs: 1000 });
      const { taskId } = await creator.create(CALL, null);
      const expiresIn = await redis.inspector().pttl(`apcore-mcp:tasks:task:${taskId}`);
      expect(expiresIn).toBeGreaterThan(0);
      expect(expiresIn).toBeLessThanOrEqual(1000);
      await vi.waitFor(async () => expect(await creator.get(taskId, null)).toBe(undefined), {
        timeout: 20_000,
        interval: 50,
      });
    });

    it('counts the tasks of every instance against maxTasks', async () => {
      const [first, second] = [await front({ maxTasks: 1 }), await front({ maxTasks: 1 })];
      await first.create(CALL, null);
      const refused = await second.create(CALL, null).catch((error: unknown) => error);
      expect(TaskLimitError.isInstance(refused)).toBe(true);
    });

    it('shows the progress of the running attempt as its status message', async () => {
      const [other, runner] = [await front(), await worker()];
      const { taskId } = await runner.engine.create(CALL, null);
      const running = await runner.attempt(0);
      running.context.setStatusMessage('3/10: reading');
      await vi.waitFor(
        async () => expect((await other.get(taskId, null))?.statusMessage).toBe('3/10: reading'),
        { timeout: STEP_TIMEOUT_MS },
      );
      running.settle(DONE);
      expect(await statusOf(other, taskId, null, 'completed')).toMatchObject({
        statusMessage: '3/10: reading',
      });
    });

    it('keeps results in Redis for engines opened later', async () => {
      const runner = await worker();
      const { taskId } = await runner.engine.create(CALL, 'alice');
      (await runner.attempt(0)).settle(DONE);
      await statusOf(runner.engine, taskId, 'alice', 'completed');
      await runner.engine.close();
      const later = await front();
      expect(await later.get(taskId, 'alice')).toMatchObject({
        status: 'completed',
        result: { content: [{ type: 'text', text: 'ok' }] },
      });
    });

    it('hands a retryable attempt stopped by shutdown to another worker', async () => {
      const stopping = await worker({ shutdownGraceMs: 50 });
      const { taskId } = await stopping.engine.create({ ...CALL, retryable: true }, null);
      await stopping.attempt(0);
      const next = await worker();
      await stopping.engine.close();
      expect((await next.engine.get(taskId, null))?.status).toBe('working');
      (await next.attempt(0)).settle(DONE);
      expect(await statusOf(next.engine, taskId, null, 'completed')).toMatchObject({
        result: DONE.result,
      });
    });

    it('fails a task that is not retryable when its worker shuts down mid-attempt', async () => {
      const stopping = await worker({ shutdownGraceMs: 50 });
      const { taskId } = await stopping.engine.create(CALL, null);
      await stopping.attempt(0);
      await stopping.engine.close();
      const other = await front();
      expect(await other.get(taskId, null)).toMatchObject({
        status: 'failed',
        error: { code: -32603, message: 'The worker running the task shut down' },
      });
    });
  },
);
