import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  findFreePort,
  redisSkipReason,
  startRedisServer,
  type TestRedisServer,
} from '@apcore-mcp/test-support';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  httpServeArgs,
  SERVING_LINE,
  type ServerProcess,
  startCli,
} from '../helpers/cli-process.js';

/** Appends one line per run to the file named by RUNS_FILE: what ran, across processes. */
const WIPE_TS = `import { appendFileSync } from 'node:fs';
import { defineModule } from '@apcore-mcp/core';
export default defineModule({
  description: 'Wipes a disk.',
  annotations: { destructive: true, requiresApproval: true },
  inputSchema: { type: 'object', properties: { disk: { type: 'string' } }, required: ['disk'] },
  execute: ({ disk }) => {
    appendFileSync(process.env.RUNS_FILE ?? '', \`\${disk}\\n\`);
    return { wiped: disk };
  },
});
`;

const REPLAY_WARNING = /A state key is given but no --store: an approval answered once/;
const ACCEPT = { approval: { action: 'accept', content: {} } };
const WIPE = { name: 'disks-wipe', arguments: { disk: 'sda' } };

let nextId = 1;

/** One `tools/call` framed as a 2026-07-28 client frames it; answers the JSON-RPC result. */
async function callModern(
  url: string,
  params: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': String(params.name),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: nextId++,
      method: 'tools/call',
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
          'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
        },
      },
    }),
  });
  const text = await response.text();
  const json = text.trimStart().startsWith('{')
    ? text
    : (
        text
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .at(-1) ?? ''
      ).slice(6);
  return (JSON.parse(json) as { result: Record<string, unknown> }).result;
}

describe('apcore-mcp runs an approved call once, however often its answer is sent', () => {
  const servers: ServerProcess[] = [];
  let dir: string;
  let runsFile: string;
  let redis: TestRedisServer | undefined;
  const skip = redisSkipReason();

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-replay-'));
    await mkdir(join(dir, 'disks'));
    await writeFile(join(dir, 'disks', 'wipe.ts'), WIPE_TS);
    runsFile = join(dir, 'runs.txt');
    await writeFile(runsFile, '');
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.stop('SIGTERM')));
    await redis?.stop();
    redis = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  async function start(
    args: string[],
    key: string,
  ): Promise<{ url: string; server: ServerProcess }> {
    const server = startCli(httpServeArgs(dir, await findFreePort(), args), {
      env: { APCORE_MCP_STATE_KEY: key, RUNS_FILE: runsFile },
    });
    servers.push(server);
    const [, , url] = await server.waitForStderr(SERVING_LINE);
    return { url: url ?? '', server };
  }

  const runs = async () => (await readFile(runsFile, 'utf8')).split('\n').filter(Boolean);

  it.skipIf(skip !== undefined)(
    `across two processes sharing a key and --store${skip ? ` (skipped: ${skip})` : ''}`,
    async () => {
      redis = await startRedisServer();
      const key = randomBytes(32).toString('hex');
      const a = await start(['--store', redis.url], key);
      const b = await start(['--store', redis.url], key);
      const asked = await callModern(a.url, WIPE);
      expect(asked).toMatchObject({ resultType: 'input_required' });
      const answer = { ...WIPE, inputResponses: ACCEPT, requestState: asked.requestState };
      expect(await callModern(b.url, answer)).toMatchObject({
        content: [{ text: '{"wiped":"sda"}' }],
      });
      for (const url of [a.url, b.url, a.url]) {
        expect(await callModern(url, answer)).toMatchObject({ resultType: 'input_required' });
      }
      expect(await runs()).toEqual(['sda']);
      expect(a.server.stderr()).not.toMatch(REPLAY_WARNING);
    },
  );

  it('on one process without --store, and says that the claim is per instance', async () => {
    const { url, server } = await start([], randomBytes(32).toString('hex'));
    expect(server.stderr()).toMatch(REPLAY_WARNING);
    const asked = await callModern(url, WIPE);
    const answer = { ...WIPE, inputResponses: ACCEPT, requestState: asked.requestState };
    expect(await callModern(url, answer)).toMatchObject({ content: [{ text: '{"wiped":"sda"}' }] });
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await callModern(url, answer)).toMatchObject({ resultType: 'input_required' });
    }
    expect(await runs()).toEqual(['sda']);
  });
});
