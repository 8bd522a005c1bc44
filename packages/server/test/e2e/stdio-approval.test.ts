import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstText, killProcessGroup } from '@apcore-mcp/test-support';
import { type ClientEra, connectClient } from '@apcore-mcp/test-support/clients';
import { describe, expect, it } from 'vitest';
import { spawnChildServer } from '../helpers/child-server.js';
import { fixturePath, SERVER_ROOT } from '../helpers/fixture-path.js';
import { modernEnvelope } from '../helpers/modern-raw.js';

/** A client of `era` on a fixture server the client spawns over stdio. */
function connectFixture(era: ClientEra) {
  return connectClient({
    era,
    transport: 'stdio',
    command: process.execPath,
    args: [fixturePath('stdio-server.mjs')],
    cwd: SERVER_ROOT,
    stderr: 'ignore',
  });
}

describe('approval and elicit() of a 2026-07-28 client over stdio (child process)', () => {
  it('asks through input_required and runs once accepted, or answers denied', async () => {
    const client = await connectFixture('2026-07-28');
    try {
      const asked: string[] = [];
      const approved = await client.callTool(
        'files-remove',
        { path: '/tmp/x' },
        {
          onElicit: (request) => {
            asked.push(request.message);
            return { action: 'accept', content: {} };
          },
        },
      );
      expect(asked).toEqual([expect.stringMatching(/^Approve running files\.remove\?/)]);
      expect(JSON.parse(firstText(approved))).toEqual({ removed: '/tmp/x' });
      const denied = await client.callTool(
        'files-remove',
        { path: '/tmp/x' },
        { onElicit: () => ({ action: 'decline' }) },
      );
      expect(denied.isError).toBe(true);
      expect(firstText(denied)).toBe('Approval denied');
    } finally {
      await client.close();
    }
  });

  it.each(['2025-11-25', '2026-07-28'] as const)(
    'hands a module the answer to its elicit() (%s)',
    async (era) => {
      const client = await connectFixture(era);
      try {
        const asked: string[] = [];
        const result = await client.callTool(
          'form-pick',
          {},
          {
            onElicit: (request) => {
              asked.push(request.message);
              return { action: 'accept', content: { colour: 'teal' } };
            },
          },
        );
        expect(asked).toEqual(['Which colour?']);
        expect(JSON.parse(firstText(result))).toEqual({ colour: 'teal' });
      } finally {
        await client.close();
      }
    },
  );
});

describe('a forged requestState over stdio (child process, 2026-07-28)', () => {
  it('is refused with -32602, the module never runs, and the server keeps serving', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'apcore-mcp-state-'));
    const events = join(directory, 'events.txt');
    const server = spawnChildServer('stdio-server.mjs', {
      FIXTURE_EVENTS_FILE: events,
      FIXTURE_LOG_LEVEL: 'error',
    });
    const call = (id: number, params: Record<string, unknown>) =>
      server.send({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { ...params, _meta: modernEnvelope() },
      });
    try {
      call(1, {
        name: 'files-remove',
        arguments: { path: '/tmp/x' },
        inputResponses: { approval: { action: 'accept', content: {} } },
        requestState: 'v1.e30.forged',
      });
      const refused = await server.waitForMessage((message) => message.id === 1);
      expect(refused.error).toMatchObject({ code: -32602 });
      call(2, { name: 'math-add', arguments: { a: 1, b: 2 } });
      const answered = await server.waitForMessage((message) => message.id === 2);
      expect(answered.result).toMatchObject({ structuredContent: { sum: 3 } });
      server.child.stdin?.end();
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(readFileSync(events, { encoding: 'utf8', flag: 'a+' })).toBe('');
    } finally {
      if (server.child.exitCode === null) killProcessGroup(server.child.pid);
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
