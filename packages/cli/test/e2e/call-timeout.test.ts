import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort, firstText } from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BIN,
  cleanEnv,
  httpServeArgs,
  SERVING_LINE,
  type ServerProcess,
  startCli,
} from '../helpers/cli-process.js';

/**
 * `jobs.wait` runs until its call is aborted (at most 20 s: a bound, should the timeout never
 * come); `jobs.patient` declares its own `timeoutMs`, which wins over `--timeout`.
 */
const WAITING_MODULE = (own: string) => `import { defineModule } from '@apcore-mcp/core';
export default defineModule({
  description: 'Waits until its call is aborted',
  inputSchema: { type: 'object', properties: {} },
  ${own}
  execute: async (_inputs, context) => {
    await new Promise((resolve) => {
      const bound = setTimeout(resolve, 20_000);
      context.signal.addEventListener('abort', () => {
        clearTimeout(bound);
        resolve();
      });
    });
    return { aborted: context.signal.aborted };
  },
});
`;

let extensionsDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  extensionsDir = await mkdtemp(join(tmpdir(), 'apcore-mcp-timeout-'));
  await mkdir(join(extensionsDir, 'jobs'));
  await writeFile(join(extensionsDir, 'jobs', 'wait.js'), WAITING_MODULE(''));
  await writeFile(join(extensionsDir, 'jobs', 'patient.js'), WAITING_MODULE('timeoutMs: 2000,'));
});

afterAll(async () => {
  await rm(extensionsDir, { recursive: true, force: true });
});

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('--timeout', () => {
  it('cuts a call of a module without timeoutMs after that many seconds: MODULE_TIMEOUT', async () => {
    server = startCli(httpServeArgs(extensionsDir, await findFreePort(), ['--timeout', '1']));
    const [, , url] = await server.waitForStderr(SERVING_LINE);
    const client = await connectClient({
      era: '2026-07-28',
      transport: 'http',
      url: url as string,
    });
    try {
      const cut = await client.callTool('jobs-wait', {});
      expect(cut).toMatchObject({ isError: true, _meta: { 'apcore/errorCode': 'MODULE_TIMEOUT' } });
      expect(firstText(cut)).toBe('Module timed out after 1000ms');
      // A module's own timeoutMs still wins.
      const own = await client.callTool('jobs-patient', {});
      expect(firstText(own)).toBe('Module timed out after 2000ms');
    } finally {
      await client.close();
    }
  });

  it('is read from APCORE_MCP_TIMEOUT too (here over stdio, by a 2025-11-25 client)', async () => {
    const client = await connectClient({
      era: '2025-11-25',
      transport: 'stdio',
      command: process.execPath,
      args: [BIN, '--extensions-dir', extensionsDir],
      env: cleanEnv({ APCORE_MCP_TIMEOUT: '1' }),
      stderr: 'ignore',
    });
    try {
      const cut = await client.callTool('jobs-wait', {});
      expect(cut).toMatchObject({ isError: true, _meta: { 'apcore/errorCode': 'MODULE_TIMEOUT' } });
      expect(firstText(cut)).toBe('Module timed out after 1000ms');
    } finally {
      await client.close();
    }
  });
});
