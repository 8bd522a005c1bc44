import { rm } from 'node:fs/promises';
import {
  type NginxAccessEntry,
  nginxSkipReason,
  redisSkipReason,
  type TestNginxServer,
} from '@apcore-mcp/test-support';
import { type ClientEra, connectClient } from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DEPLOYMENT_HOOK_TIMEOUT_MS,
  type Deployment,
  publicUrl,
  startDeployment,
} from '../helpers/deployment.js';
import { answerOf, pidsPerSession, planAndCancelTrip } from '../helpers/deployment-checks.js';
import { writeDeploymentExtensions } from '../helpers/deployment-extensions.js';
import { answerOfTask, pollTask, requestTasks, startTask } from '../helpers/task-requests.js';

const skip = nginxSkipReason() ?? redisSkipReason();

/**
 * The keep-alive interval the instances get (`--sse-keep-alive`, seconds), nginx's read timeout
 * above it, and a silence longer than that timeout: what a long quiet call looks like to nginx.
 */
const KEEP_ALIVE_SECONDS = '1';
const READ_TIMEOUT = '3s';
const LONGER_THAN_READ_TIMEOUT_MS = 6500;

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'raw', version: '1.0.0' },
  },
});
const POST_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

/** How many of `entries` each upstream server answered. */
function countByUpstream(entries: readonly NginxAccessEntry[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { upstream } of entries) counts.set(upstream, (counts.get(upstream) ?? 0) + 1);
  return counts;
}

/** Starts a deployment with nginx in front; `stop()` ends it and removes its modules. */
async function startBehindNginx(options: {
  transport?: 'streamable-http' | 'sse';
  ownKeys?: boolean;
  keepAliveSeconds: string;
  tasks?: boolean;
}) {
  const extensionsDir = await writeDeploymentExtensions();
  let deployment: Deployment | undefined;
  try {
    deployment = await startDeployment({
      extensionsDir,
      transport: options.transport,
      ownKeys: options.ownKeys,
      tasks: options.tasks,
      extraArgs: ['--sse-keep-alive', options.keepAliveSeconds],
    });
    const nginx = await deployment.startNginx({ proxyReadTimeout: READ_TIMEOUT });
    const stop = async (): Promise<void> => {
      await deployment?.stop();
      await rm(extensionsDir, { recursive: true, force: true });
    };
    return { deployment, nginx, stop };
  } catch (error) {
    await deployment?.stop();
    await rm(extensionsDir, { recursive: true, force: true });
    throw error;
  }
}

describe.skipIf(skip !== undefined)(
  `two instances behind nginx, sharing a state key and Redis${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let deployment: Deployment;
    let nginx: TestNginxServer;
    let stop: () => Promise<void> = async () => {};
    beforeAll(async () => {
      ({ deployment, nginx, stop } = await startBehindNginx({
        keepAliveSeconds: KEEP_ALIVE_SECONDS,
        tasks: true,
      }));
    }, DEPLOYMENT_HOOK_TIMEOUT_MS);
    afterAll(() => stop());

    const connect = (era: ClientEra) =>
      connectClient({
        era,
        transport: 'http',
        url: publicUrl(nginx.port),
        fetch: deployment.fetch,
      });

    it('creates a task through one instance, then polls, answers and cancels it through the other', async () => {
      const [a, b] = deployment.instances.map((instance) =>
        publicUrl(Number(instance.address.split(':')[1])),
      ) as [string, string];
      const send = deployment.fetch;
      const asking = await startTask(a, 'jobs-confirm', send);
      const waiting = await pollTask(
        b,
        asking,
        (task) => task.status === 'input_required',
        30_000,
        send,
      );
      expect(waiting.inputRequests).toMatchObject({ confirm: { method: 'elicitation/create' } });
      const answer = { confirm: { action: 'accept', content: { confirm: true } } };
      expect(
        (await requestTasks(b, 'tasks/update', { taskId: asking, inputResponses: answer }, send))
          .result,
      ).toMatchObject({ resultType: 'complete' });
      const done = await pollTask(a, asking, (task) => task.status === 'completed', 30_000, send);
      expect(answerOfTask(done)).toMatchObject({ confirmed: true });
      const long = await startTask(b, 'jobs-long', send);
      await pollTask(a, long, (task) => task.status === 'working', 30_000, send);
      expect((await requestTasks(a, 'tasks/cancel', { taskId: long }, send)).result).toMatchObject({
        resultType: 'complete',
      });
      await pollTask(b, long, (task) => task.status === 'cancelled', 30_000, send);
    });

    it('spreads a 2026-07-28 client over both, its elicit() and approval rounds included', async () => {
      const before = nginx.accessLog().length;
      const client = await connect('2026-07-28');
      try {
        await planAndCancelTrip(client);
      } finally {
        await client.close();
      }
      // Round-robin: every request went to the other instance than the one before it.
      const served = countByUpstream(nginx.accessLog().slice(before));
      const [a, b] = deployment.instances;
      expect(served.get(a.address)).toBeGreaterThanOrEqual(3);
      expect(served.get(b.address)).toBeGreaterThanOrEqual(3);
    });

    it('keeps each of ten 2025-11-25 sessions on one instance for its 20 calls', async () => {
      const before = nginx.accessLog().length;
      const pids = await pidsPerSession(() => connect('2025-11-25'), { sessions: 10, calls: 20 });
      for (const answered of pids) expect(answered.size).toBe(1);
      const instancePids = deployment.instances.map((instance) => instance.process.child.pid);
      expect(new Set(pids.flatMap((answered) => [...answered]))).toEqual(new Set(instancePids));
      // nginx sent every request naming a session to the instance the session id names.
      const sessionRequests = nginx
        .accessLog()
        .slice(before)
        .filter((entry) => entry.sessionId);
      expect(new Set(sessionRequests.map((entry) => entry.sessionId)).size).toBe(10);
      for (const { sessionId, upstream } of sessionRequests) {
        const named = deployment.instances.find(({ id }) => sessionId.startsWith(`${id}.`));
        expect(upstream).toBe(named?.address);
      }
    });

    it('passes on the name clients use, which the instances accept; they refuse another', async () => {
      const request = { method: 'POST', headers: POST_HEADERS, body: INITIALIZE };
      const accepted = await deployment.fetch(publicUrl(nginx.port), request);
      await accepted.text();
      expect(accepted.status).toBe(200);
      expect(accepted.headers.get('mcp-session-id')).toMatch(/^[ab]\.[0-9a-f-]{36}$/);
      const refused = await fetch(`${nginx.url}/mcp`, request);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain('Host not allowed: 127.0.0.1');
    });

    it('keeps calls silent for longer than nginx waits alive, in both revisions', async () => {
      const eras: ClientEra[] = ['2026-07-28', '2025-11-25'];
      const answers = await Promise.all(
        eras.map(async (era) => {
          const client = await connect(era);
          try {
            const ms = LONGER_THAN_READ_TIMEOUT_MS;
            return answerOf(await client.callTool('pause-quiet', { ms }, { timeoutMs: 30_000 }));
          } finally {
            await client.close();
          }
        }),
      );
      for (const answer of answers) {
        expect(answer.silentFor).toBe(LONGER_THAN_READ_TIMEOUT_MS);
      }
      expect(nginx.errorLog()).not.toContain('upstream timed out');
    });
  },
);

describe.skipIf(skip !== undefined)(
  `two instances behind nginx with a key each and no keep-alive${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let deployment: Deployment;
    let nginx: TestNginxServer;
    let stop: () => Promise<void> = async () => {};
    beforeAll(async () => {
      ({ deployment, nginx, stop } = await startBehindNginx({
        ownKeys: true,
        keepAliveSeconds: '0',
      }));
    }, DEPLOYMENT_HOOK_TIMEOUT_MS);
    afterAll(() => stop());

    const connect = () =>
      connectClient({
        era: '2026-07-28',
        transport: 'http',
        url: publicUrl(nginx.port),
        fetch: deployment.fetch,
      });

    it('refuses the approval round that reaches the instance that did not sign it', async () => {
      const client = await connect();
      try {
        const call = client.callTool(
          'trips-cancel',
          { booking: 'B-7' },
          { onElicit: () => ({ action: 'accept', content: { confirm: true } }) },
        );
        await expect(call).rejects.toThrow(/state/i);
      } finally {
        await client.close();
      }
    });

    it('loses a call silent for longer than nginx waits: 504', async () => {
      const client = await connect();
      try {
        const ms = LONGER_THAN_READ_TIMEOUT_MS;
        await expect(
          client.callTool('pause-quiet', { ms }, { timeoutMs: 30_000 }),
        ).rejects.toThrow();
      } finally {
        await client.close();
      }
      // nginx writes its logs as it finishes the request: on a busy machine, just after.
      await vi.waitFor(() => {
        expect(nginx.accessLog().map((entry) => entry.status)).toContain(504);
        expect(nginx.errorLog()).toContain('upstream timed out');
      });
    });
  },
);

describe.skipIf(skip !== undefined)(
  `two legacy SSE instances behind nginx${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let deployment: Deployment;
    let nginx: TestNginxServer;
    let stop: () => Promise<void> = async () => {};
    beforeAll(async () => {
      ({ deployment, nginx, stop } = await startBehindNginx({
        transport: 'sse',
        keepAliveSeconds: KEEP_ALIVE_SECONDS,
      }));
    }, DEPLOYMENT_HOOK_TIMEOUT_MS);
    afterAll(() => stop());

    it('keeps a session on the instance of its stream, by the client address, quiet calls included', async () => {
      const client = await connectClient({
        era: '2025-11-25',
        transport: 'sse',
        url: publicUrl(nginx.port, '/sse'),
        fetch: deployment.fetch,
      });
      try {
        const pids = new Set<unknown>();
        for (let call = 0; call < 5; call += 1) {
          pids.add(answerOf(await client.callTool('probe-where')).pid);
        }
        expect(pids.size).toBe(1);
        const ms = LONGER_THAN_READ_TIMEOUT_MS;
        const quiet = await client.callTool('pause-quiet', { ms }, { timeoutMs: 30_000 });
        expect(answerOf(quiet)).toMatchObject({ silentFor: ms });
      } finally {
        await client.close();
      }
      // nginx logs the stream once it has ended, which it sees a moment after the client.
      const log = await vi.waitFor(() => {
        const entries = nginx.accessLog();
        expect(entries.map((entry) => entry.uri)).toContain('/sse');
        return entries;
      });
      expect(new Set(log.map((entry) => entry.upstream)).size).toBe(1);
      expect(nginx.errorLog()).not.toContain('upstream timed out');
    });
  },
);
