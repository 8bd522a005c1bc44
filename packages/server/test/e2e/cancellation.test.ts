import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as core from '@apcore-mcp/core';
import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import {
  type ClientEra,
  connectClient,
  type McpClientHandle,
} from '@apcore-mcp/test-support/clients';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { createFixtureRuntime, observedSignals } from '../fixtures/fixture-modules.mjs';
import { fixturePath, SERVER_ROOT } from '../helpers/fixture-path.js';

/**
 * Starts a call to `tool` that only ends when cancelled, waits until the module runs, cancels it
 * with the client's AbortSignal, then waits until the module saw the abort.
 */
async function cancelWhileRunning(
  client: McpClientHandle,
  tool: string,
  started: () => void,
  aborted: () => void,
): Promise<void> {
  const controller = new AbortController();
  const call = client.callTool(tool, {}, { signal: controller.signal });
  const settled = call.then(
    () => 'answered',
    () => 'rejected',
  );
  await vi.waitFor(started);
  controller.abort('user cancelled');
  expect(await settled).toBe('rejected');
  await vi.waitFor(aborted);
}

async function expectStillServing(client: McpClientHandle): Promise<void> {
  const result = await client.callTool('math-add', { a: 2, b: 3 });
  expect(JSON.parse(firstText(result))).toEqual({ sum: 5 });
}

describe('a client cancelling a running call (AbortSignal)', () => {
  let server: ServerHandle | undefined;
  let client: McpClientHandle | undefined;
  afterEach(async () => {
    await client?.close();
    await server?.close();
    client = undefined;
    server = undefined;
    observedSignals.length = 0;
  });

  const overNetwork: Array<[ClientEra, 'http' | 'sse']> = [
    ['2026-07-28', 'http'],
    ['2025-11-25', 'sse'],
  ];
  it.each(overNetwork)(
    '%s over %s: the module signal aborts, the server keeps serving',
    async (era, transport) => {
      server = await startServer(createFixtureRuntime(core).executor, {
        transport: transport === 'sse' ? 'sse' : 'streamable-http',
        port: 0,
        logger: createRecordingLogger(),
      });
      client = await connectClient({ era, transport, url: server.url ?? '' } as Parameters<
        typeof connectClient
      >[0]);
      await cancelWhileRunning(
        client,
        'wait-forever',
        () => expect(observedSignals).toHaveLength(1),
        () => expect(observedSignals[0]?.aborted).toBe(true),
      );
      await expectStillServing(client);
    },
  );

  it.each(['2026-07-28', '2025-11-25'] as const)(
    '%s over stdio: the module signal aborts, the server keeps serving',
    async (era) => {
      const directory = mkdtempSync(join(tmpdir(), 'apcore-mcp-cancel-'));
      const events = join(directory, 'events.txt');
      const seen = (): string[] => {
        try {
          return readFileSync(events, 'utf8').split('\n');
        } catch {
          return [];
        }
      };
      try {
        client = await connectClient({
          era,
          transport: 'stdio',
          command: process.execPath,
          args: [fixturePath('stdio-server.mjs')],
          cwd: SERVER_ROOT,
          env: { ...process.env, FIXTURE_EVENTS_FILE: events, FIXTURE_LOG_LEVEL: 'error' },
          stderr: 'ignore',
        });
        await cancelWhileRunning(
          client,
          'wait-watched',
          () => expect(seen()).toContain('started'),
          () => expect(seen()).toContain('aborted'),
        );
        await expectStillServing(client);
      } finally {
        await client?.close();
        client = undefined;
        rmSync(directory, { recursive: true, force: true });
      }
    },
  );
});
