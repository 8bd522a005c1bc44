import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort, firstText } from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectOneErrorLine,
  httpServeArgs,
  runCli,
  SERVING_LINE,
  startCli,
} from '../helpers/cli-process.js';
import { type CostlyExtensions, createCostlyExtensions } from '../helpers/costly-extension.js';

let dir: string;
let costly: CostlyExtensions;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-cost-cap-'));
  costly = await createCostlyExtensions(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('apcore-mcp --max-cost-per-call', () => {
  it('refuses a call costing more than the cap with BUDGET_EXCEEDED, running nothing', async () => {
    const port = await findFreePort();
    const server = startCli(httpServeArgs(costly.dir, port, ['--max-cost-per-call', '5']));
    try {
      const [, , url] = await server.waitForStderr(SERVING_LINE);
      const client = await connectClient({ era: '2026-07-28', transport: 'http', url: url ?? '' });
      try {
        const answer = await client.callTool('export', {});
        expect(answer.isError).toBe(true);
        expect(answer._meta?.['apcore/errorCode']).toBe('BUDGET_EXCEEDED');
        expect(firstText(answer)).toMatch(/costs 7\.5/);
      } finally {
        await client.close();
      }
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(await costly.runs()).toBe(0);
  });

  it('is refused below 0, naming the flag, before anything starts', async () => {
    expectOneErrorLine(
      await runCli(['--extensions-dir', costly.dir, '--max-cost-per-call', '-2']),
      /^Error: --max-cost-per-call must be a number of at least 0, e\.g\. 2\.5 \(got "-2"\)$/,
    );
  });
});
