import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../__fixtures__/capture-io.js';
import { run } from '../cli.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-events-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function runCaptured(argv: string[], env: Record<string, string> = {}) {
  const io = captureIo({ env, cwd: dir });
  const code = await run(argv, io);
  return { code, out: io.out, err: io.err };
}

describe('the event store settings: bad input exits 1 with one line naming the setting', () => {
  it.each([
    [
      '--events that is not a Redis URL',
      ['--events', 'http://x'],
      {},
      'Error: --events must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379 (got "http://x")',
    ],
    [
      'APCORE_MCP_EVENTS that is not a Redis URL',
      ['--extensions-dir', '.'],
      { APCORE_MCP_EVENTS: 'memory' },
      'Error: APCORE_MCP_EVENTS must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379 (got "memory")',
    ],
    [
      '--event-delivery-lock 0',
      ['worker', '--events', 'redis://cache:6379', '--event-delivery-lock', '0'],
      {},
      'Error: --event-delivery-lock must be an integer of at least 1 (got "0")',
    ],
    [
      '--no-event-delivery without --events',
      ['--extensions-dir', '.', '--no-event-delivery'],
      {},
      'Error: --no-event-delivery needs --events redis://HOST:PORT: without it events stay in this process, which delivers its own webhooks',
    ],
    [
      '--event-delivery-lock without --events',
      ['--extensions-dir', '.', '--event-delivery-lock', '2'],
      {},
      'Error: --event-delivery-lock needs --events redis://HOST:PORT: without it events stay in this process, which delivers its own webhooks',
    ],
    [
      'worker --no-event-delivery (a worker delivers)',
      ['worker', '--events', 'redis://cache:6379', '--no-event-delivery'],
      {},
      undefined,
    ],
  ])('%s', async (_label, argv, env, message) => {
    const { code, out, err } = await runCaptured(argv, env);
    expect(out).toBe('');
    if (message === undefined) {
      // Not a worker setting: yargs refuses the flag.
      expect(code).toBe(2);
      expect(err).toBe('Error: unknown flag --event-delivery (see apcore-mcp --help)\n');
      return;
    }
    expect(code).toBe(1);
    expect(err).toBe(`${message}\n`);
  });
});
