import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort, firstText } from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BIN,
  cleanEnv,
  httpServeArgs,
  runCli,
  SERVING_LINE,
  type ServerProcess,
  startCli,
} from '../helpers/cli-process.js';

/**
 * A module that fails its first attempt of every call with a retryable error and succeeds on
 * the next, counting its attempts in a file (the count of all its attempts so far).
 */
const FLAKY_MODULE = (
  countFile: string,
  annotations: string,
) => `import { readFileSync, writeFileSync } from 'node:fs';
import { defineModule, ModuleError } from '@apcore-mcp/core';
const COUNT = ${JSON.stringify(countFile)};
export default defineModule({
  description: 'Fails its first attempt with a retryable error',
  inputSchema: { type: 'object', properties: {} },
  annotations: ${annotations},
  execute: () => {
    let count = 0;
    try { count = Number(readFileSync(COUNT, 'utf8')); } catch {}
    count += 1;
    writeFileSync(COUNT, String(count));
    if (count % 2 === 1) {
      throw new ModuleError({ code: 'UPSTREAM_BUSY', message: 'Upstream busy', retryable: true });
    }
    return { attempts: count };
  },
});
`;

/**
 * A module that asks the user on its first run only, and fails its first two runs with a
 * retryable error: a call that asked must fail, whichever run fails.
 */
const ASKING_MODULE = (countFile: string) => `import { readFileSync, writeFileSync } from 'node:fs';
import { defineModule, elicit, ModuleError } from '@apcore-mcp/core';
const COUNT = ${JSON.stringify(countFile)};
export default defineModule({
  description: 'Asks once, then fails twice with a retryable error',
  inputSchema: { type: 'object', properties: {} },
  annotations: { idempotent: true },
  execute: async (_inputs, context) => {
    let count = 0;
    try { count = Number(readFileSync(COUNT, 'utf8')); } catch {}
    count += 1;
    writeFileSync(COUNT, String(count));
    if (count === 1) await elicit(context, 'Proceed?');
    if (count <= 2) {
      throw new ModuleError({ code: 'UPSTREAM_BUSY', message: 'Upstream busy', retryable: true });
    }
    return { attempts: count };
  },
});
`;

let dir: string;
let extensionsDir: string;
let server: ServerProcess | undefined;

const countOf = async (name: string) => Number(await readFile(join(dir, `${name}.count`), 'utf8'));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-middleware-'));
  extensionsDir = join(dir, 'extensions');
  await mkdir(join(extensionsDir, 'flaky'), { recursive: true });
  await writeFile(
    join(extensionsDir, 'flaky', 'read.js'),
    FLAKY_MODULE(join(dir, 'read.count'), '{ idempotent: true }'),
  );
  await writeFile(
    join(extensionsDir, 'flaky', 'write.js'),
    FLAKY_MODULE(join(dir, 'write.count'), '{ idempotent: false }'),
  );
  await writeFile(join(extensionsDir, 'flaky', 'ask.js'), ASKING_MODULE(join(dir, 'ask.count')));
  await writeFile(
    join(dir, 'apcore-mcp.yaml'),
    [
      `extensions-dir: ${JSON.stringify(extensionsDir)}`,
      'middleware:',
      '  - type: retry',
      '    max_retries: 2',
      '    base_delay_ms: 0',
      '  - type: logging',
      '',
    ].join('\n'),
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('middleware from the config file', () => {
  it('retries a flaky idempotent module, never a flaky one that is not (stdio, 2025-11-25)', async () => {
    await rm(join(dir, 'read.count'), { force: true });
    await rm(join(dir, 'write.count'), { force: true });
    const client = await connectClient({
      era: '2025-11-25',
      transport: 'stdio',
      command: process.execPath,
      args: [BIN, '--config', join(dir, 'apcore-mcp.yaml')],
      env: cleanEnv(),
      stderr: 'ignore',
    });
    try {
      const read = await client.callTool('flaky-read', {});
      expect(read.isError).toBeFalsy();
      expect(JSON.parse(firstText(read))).toEqual({ attempts: 2 });
      const write = await client.callTool('flaky-write', {});
      expect(write).toMatchObject({
        isError: true,
        _meta: { 'apcore/errorCode': 'UPSTREAM_BUSY' },
      });
      expect(await countOf('write')).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('retries over Streamable HTTP too (2026-07-28), logging the retry', async () => {
    await rm(join(dir, 'read.count'), { force: true });
    server = startCli(
      httpServeArgs(extensionsDir, await findFreePort(), [
        '--config',
        join(dir, 'apcore-mcp.yaml'),
      ]),
    );
    const [, , url] = await server.waitForStderr(SERVING_LINE);
    const client = await connectClient({
      era: '2026-07-28',
      transport: 'http',
      url: url as string,
    });
    try {
      const read = await client.callTool('flaky-read', {});
      expect(JSON.parse(firstText(read))).toEqual({ attempts: 2 });
      await server.waitForStderr(/Retrying flaky\.read \(1 of 2\)/);
    } finally {
      await client.close();
    }
  });

  it.each([
    ['2025-11-25', 1],
    // 2026-07-28 asks by ending the run: the answered call runs again, asks nothing, and fails.
    ['2026-07-28', 2],
  ] as const)('never runs a call again once it asked the user (%s)', async (era, runs) => {
    await rm(join(dir, 'ask.count'), { force: true });
    server = startCli(
      httpServeArgs(extensionsDir, await findFreePort(), [
        '--config',
        join(dir, 'apcore-mcp.yaml'),
      ]),
    );
    const [, , url] = await server.waitForStderr(SERVING_LINE);
    const client = await connectClient({ era, transport: 'http', url: url as string });
    try {
      const asked: string[] = [];
      const result = await client.callTool(
        'flaky-ask',
        {},
        {
          onElicit: (request) => {
            asked.push(request.message);
            return { action: 'accept', content: {} };
          },
        },
      );
      expect(asked).toEqual(['Proceed?']);
      expect(result).toMatchObject({
        isError: true,
        _meta: { 'apcore/errorCode': 'UPSTREAM_BUSY' },
      });
      expect(await countOf('ask')).toBe(runs);
    } finally {
      await client.close();
    }
  });

  it('refuses a bad entry before serving: exit 1, naming middleware[0]', async () => {
    const badDir = await mkdtemp(join(tmpdir(), 'apcore-mcp-middleware-bad-'));
    try {
      await writeFile(
        join(badDir, 'apcore-mcp.yaml'),
        `extensions-dir: ${JSON.stringify(extensionsDir)}\nmiddleware:\n  - type: retry\n    retries: 2\n`,
      );
      const result = await runCli(['--config', join(badDir, 'apcore-mcp.yaml')], { cwd: badDir });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain("middleware[0]: unexpected keys 'retries' for type 'retry'");
      expect(result.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await rm(badDir, { recursive: true, force: true });
    }
  });
});
