import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  findFreePort,
  killProcessGroup,
  redisSkipReason,
  startRedisServer,
  type TestRedisServer,
} from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  httpServeArgs,
  SERVING_LINE,
  type ServerProcess,
  startCli,
} from '../helpers/cli-process.js';
import { pollTask, requestTasks, startTask } from '../helpers/task-requests.js';

/** Asks for a confirmation as a task; the answer names the process that ran it. */
const CONFIRM_TS = `import { defineModule, elicit } from '@apcore-mcp/core';
export default defineModule({
  description: 'Confirms, then answers with the pid of the process that ran it.',
  inputSchema: { type: 'object', properties: {} },
  annotations: { taskSupport: 'required' },
  execute: async (_inputs, context) => {
    const answer = await elicit(context, 'Go on?', {
      type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'],
    }, { key: 'confirm' });
    return { confirmed: answer?.confirm === true, pid: process.pid };
  },
});
`;

/**
 * Says which process holds it (progress), then holds until its signal aborts; in a process
 * started with HOLD_RELEASED=1 it answers at once.
 */
const holdModule = (
  idempotent: boolean,
) => `import { defineModule, reportProgress } from '@apcore-mcp/core';
export default defineModule({
  description: 'Holds until released.',
  inputSchema: { type: 'object', properties: {} },
  annotations: { taskSupport: 'required', idempotent: ${idempotent} },
  timeoutMs: 0,
  execute: async (_inputs, context) => {
    await reportProgress(context, 1, 2, 'held by ' + process.pid);
    if (process.env.HOLD_RELEASED !== '1') {
      await new Promise((_resolve, reject) => {
        context.signal?.addEventListener('abort', () => reject(context.signal.reason));
      });
    }
    return { releasedBy: process.pid };
  },
});
`;

/** What a completed task's module returned (the JSON text of its result). */
function answerOf(task: Record<string, unknown>): unknown {
  const { content } = task.result as { content: { type: string; text: string }[] };
  return JSON.parse(content[0]?.text ?? 'null');
}

const WORKER_LINE = /apcore-mcp: running task attempts of \d+ modules from redis:\/\/\S+\n/;
const skip = redisSkipReason();

describe.skipIf(skip !== undefined)(
  `two fronts and a worker sharing tasks in Redis${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let redis: TestRedisServer;
    let dir: string;
    const fronts: ServerProcess[] = [];
    const workers: ServerProcess[] = [];

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-tasks-'));
      await mkdir(join(dir, 'jobs'));
      await writeFile(join(dir, 'jobs', 'confirm.ts'), CONFIRM_TS);
      await writeFile(join(dir, 'jobs', 'hold.ts'), holdModule(false));
      await writeFile(join(dir, 'jobs', 'hold_idempotent.ts'), holdModule(true));
      redis = await startRedisServer();
    });
    afterEach(async () => {
      const stopped = [...fronts.splice(0), ...workers.splice(0)];
      for (const code of await Promise.all(stopped.map((process) => process.stop()))) {
        expect(code).toBe(0);
      }
    });
    afterAll(async () => {
      await redis.stop();
      await rm(dir, { recursive: true, force: true });
    });

    /** A server taking tasks into Redis and running none itself; resolves to its URL. */
    async function startFront(args: readonly string[] = []): Promise<string> {
      const serveArgs = httpServeArgs(dir, await findFreePort(), ['--tasks', redis.url, ...args]);
      const front = startCli(serveArgs);
      fronts.push(front);
      const [, , url] = await front.waitForStderr(SERVING_LINE);
      return url ?? '';
    }

    /** An `apcore-mcp worker` (lost after 2 s of silence); resolves to its process. */
    async function startWorker(env: Record<string, string> = {}): Promise<ServerProcess> {
      const args = ['worker', '--extensions-dir', dir, '--tasks', redis.url];
      const worker = startCli([...args, '--task-lost-after', '2'], { env });
      workers.push(worker);
      await worker.waitForStderr(WORKER_LINE);
      return worker;
    }

    it('runs a task on the worker, asked on one front and answered on the other', async () => {
      const [first, second] = [await startFront(), await startFront()];
      const worker = await startWorker();
      const client = await connectClient({ era: '2026-07-28', transport: 'http', url: second });
      try {
        const names = (await client.listTools()).map((tool) => tool.name);
        expect(names).toEqual(expect.arrayContaining(['jobs-confirm', 'jobs-hold']));
      } finally {
        await client.close();
      }

      const taskId = await startTask(first, 'jobs-confirm');
      const asked = await pollTask(second, taskId, (task) => task.status === 'input_required');
      expect(asked.inputRequests).toMatchObject({
        confirm: { method: 'elicitation/create', params: { message: 'Go on?' } },
      });
      const inputResponses = { confirm: { action: 'accept', content: { confirm: true } } };
      const updated = await requestTasks(second, 'tasks/update', { taskId, inputResponses });
      expect(updated.error).toBeUndefined();
      const done = await pollTask(first, taskId, (task) => task.status === 'completed');
      expect(answerOf(done)).toEqual({ confirmed: true, pid: worker.child.pid });

      // A front that restarts still reads the task: it lives in Redis, not in the front.
      const restarted = fronts.shift();
      expect(await restarted?.stop()).toBe(0);
      const again = await startFront();
      expect(await pollTask(again, taskId, () => true)).toMatchObject({ status: 'completed' });
    });

    it('fails a task whose worker died, and runs an idempotent one again on the next', async () => {
      const front = await startFront();
      const dying = await startWorker();
      const held = await startTask(front, 'jobs-hold');
      const retried = await startTask(front, 'jobs-hold_idempotent');
      const heldByDying = (task: Record<string, unknown>) =>
        task.statusMessage === `1/2: held by ${dying.child.pid}`;
      await pollTask(front, held, heldByDying);
      await pollTask(front, retried, heldByDying);

      killProcessGroup(dying.child.pid);
      await dying.exited;
      workers.splice(workers.indexOf(dying), 1);
      const next = await startWorker({ HOLD_RELEASED: '1' });

      const failed = await pollTask(front, held, (task) => task.status === 'failed');
      expect(failed.error).toEqual({
        code: -32603,
        message: 'The worker running the task stopped',
      });
      const completed = await pollTask(front, retried, (task) => task.status === 'completed');
      expect(answerOf(completed)).toEqual({ releasedBy: next.child.pid });
    });

    it('holds a caller to --max-tasks-per-subject across fronts, until a task is cancelled', async () => {
      const bound = ['--max-tasks-per-subject', '1'];
      const [first, second] = [await startFront(bound), await startFront(bound)];
      const held = await startTask(first, 'jobs-hold');
      const refused = await requestTasks(second, 'tools/call', {
        name: 'jobs-hold',
        arguments: {},
      });
      expect(refused.result).toMatchObject({
        isError: true,
        _meta: { 'apcore/errorCode': 'TASK_LIMIT_REACHED' },
      });
      expect(JSON.stringify(refused.result?.content)).toContain('1 live task (maxTasksPerSubject)');
      expect((await requestTasks(second, 'tasks/cancel', { taskId: held })).error).toBeUndefined();
      await startTask(second, 'jobs-hold');
    });
  },
);
