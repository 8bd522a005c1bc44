import { rm } from 'node:fs/promises';
import {
  haproxySkipReason,
  redisSkipReason,
  type TestHaproxyServer,
} from '@apcore-mcp/test-support';
import { type ClientEra, connectClient } from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEPLOYMENT_HOOK_TIMEOUT_MS,
  type Deployment,
  publicUrl,
  startDeployment,
} from '../helpers/deployment.js';
import { answerOf, pidsPerSession, planAndCancelTrip } from '../helpers/deployment-checks.js';
import { writeDeploymentExtensions } from '../helpers/deployment-extensions.js';

const skip = haproxySkipReason() ?? redisSkipReason();

describe.skipIf(skip !== undefined)(
  `two instances behind HAProxy, sharing a state key and Redis${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let extensionsDir = '';
    let deployment: Deployment | undefined;
    let haproxy: TestHaproxyServer;
    beforeAll(async () => {
      extensionsDir = await writeDeploymentExtensions();
      deployment = await startDeployment({ extensionsDir });
      haproxy = await deployment.startHaproxy();
    }, DEPLOYMENT_HOOK_TIMEOUT_MS);
    afterAll(async () => {
      await deployment?.stop();
      await rm(extensionsDir, { recursive: true, force: true });
    });

    const connect = (era: ClientEra) =>
      connectClient({
        era,
        transport: 'http',
        url: publicUrl(haproxy.port),
        fetch: deployment?.fetch,
      });

    const instancePids = () =>
      new Set(deployment?.instances.map((instance) => instance.process.child.pid));

    it('spreads a 2026-07-28 client over both, its elicit() and approval rounds included', async () => {
      const client = await connect('2026-07-28');
      try {
        await planAndCancelTrip(client);
        const pids = new Set<unknown>();
        for (let call = 0; call < 4; call += 1) {
          pids.add(answerOf(await client.callTool('probe-where')).pid);
        }
        expect(pids).toEqual(instancePids());
      } finally {
        await client.close();
      }
    });

    it('keeps each of ten 2025-11-25 sessions on the instance that started it, learnt from its answer', async () => {
      const pids = await pidsPerSession(() => connect('2025-11-25'), { sessions: 10, calls: 20 });
      for (const answered of pids) expect(answered.size).toBe(1);
      expect(new Set(pids.flatMap((answered) => [...answered]))).toEqual(instancePids());
    });
  },
);
