import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort, firstText } from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { afterEach, describe, expect, it } from 'vitest';
import {
  httpServeArgs,
  SERVING_LINE,
  type ServerProcess,
  startCli,
} from '../helpers/cli-process.js';
import { type RoundRobinProxy, startRoundRobinProxy } from '../helpers/round-robin-proxy.js';

/** Asks two questions; the answer names the process that finished the call. */
const PLAN_TRIP_TS = `import { defineModule, elicit } from '@apcore-mcp/core';
export default defineModule({
  description: 'Plans a trip after asking where and when.',
  inputSchema: { type: 'object', properties: {} },
  execute: async (_inputs, context) => {
    const where = await elicit(context, 'Where to?', {
      type: 'object', properties: { city: { type: 'string' } }, required: ['city'],
    });
    const when = await elicit(context, 'When?', {
      type: 'object', properties: { month: { type: 'string' } }, required: ['month'],
    });
    return { city: where?.city ?? null, month: when?.month ?? null, pid: process.pid };
  },
});
`;

const CANCEL_TRIP_TS = `import { defineModule } from '@apcore-mcp/core';
export default defineModule({
  description: 'Cancels a booked trip.',
  annotations: { destructive: true, requiresApproval: true },
  inputSchema: { type: 'object', properties: { booking: { type: 'string' } }, required: ['booking'] },
  execute: ({ booking }) => ({ cancelled: booking, pid: process.pid }),
});
`;

async function writeTripExtensions(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-round-robin-'));
  await mkdir(join(dir, 'trips'));
  await writeFile(join(dir, 'trips', 'plan.ts'), PLAN_TRIP_TS);
  await writeFile(join(dir, 'trips', 'cancel.ts'), CANCEL_TRIP_TS);
  return dir;
}

describe('two apcore-mcp processes behind a round-robin proxy, no shared store', () => {
  const servers: ServerProcess[] = [];
  let proxy: RoundRobinProxy | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await proxy?.close();
    proxy = undefined;
    await Promise.all(servers.splice(0).map((server) => server.stop('SIGTERM')));
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  async function startInstance(extensionsDir: string, stateKey: string): Promise<string> {
    const server = startCli(httpServeArgs(extensionsDir, await findFreePort()), {
      env: { APCORE_MCP_STATE_KEY: stateKey },
    });
    servers.push(server);
    const [, , url] = await server.waitForStderr(SERVING_LINE);
    return new URL(url as string).origin;
  }

  /** One process per key on the trip extensions, a proxy in front, a 2026-07-28 client on it. */
  async function connectBehindProxy(stateKeys: readonly string[]) {
    const extensions = await writeTripExtensions();
    dir = extensions;
    const origins = await Promise.all(stateKeys.map((key) => startInstance(extensions, key)));
    proxy = await startRoundRobinProxy(origins);
    return connectClient({ era: '2026-07-28', transport: 'http', url: `${proxy.url}/mcp` });
  }

  it('serves a 2026-07-28 client completely: list, call, approval and elicitation rounds', async () => {
    const stateKey = randomBytes(32).toString('hex');
    const client = await connectBehindProxy([stateKey, stateKey]);
    try {
      const names = (await client.listTools()).map((tool) => tool.name);
      expect(names).toEqual(['trips-cancel', 'trips-plan']);

      const asked: string[] = [];
      const planned = await client.callTool(
        'trips-plan',
        {},
        {
          onElicit: (request) => {
            asked.push(request.message);
            const content: Record<string, string> =
              request.message === 'Where to?' ? { city: 'Lisbon' } : { month: 'May' };
            return { action: 'accept', content };
          },
        },
      );
      expect(asked).toEqual(['Where to?', 'When?']);
      expect(JSON.parse(firstText(planned))).toMatchObject({ city: 'Lisbon', month: 'May' });

      const cancelled = await client.callTool(
        'trips-cancel',
        { booking: 'B-42' },
        { onElicit: () => ({ action: 'accept', content: { confirm: true } }) },
      );
      expect(cancelled.isError).toBe(false);
      expect(JSON.parse(firstText(cancelled))).toMatchObject({ cancelled: 'B-42' });
    } finally {
      await client.close();
    }
    // Every round went to the other process than the one before it; both did real work.
    const [first = 0, second = 0] = proxy?.served ?? [];
    expect(first).toBeGreaterThanOrEqual(3);
    expect(second).toBeGreaterThanOrEqual(3);
  });

  it('refuses the next round when the two processes hold different keys', async () => {
    const client = await connectBehindProxy([
      randomBytes(32).toString('hex'),
      randomBytes(32).toString('hex'),
    ]);
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
});
