import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UsageReport } from '../../src/governance.js';
import { type ServerHandle, startServer } from '../../src/index.js';
import { createLedgerRegistry, readLedgerFile } from '../helpers/ledger-fixture.js';

let dir: string;
let ledger: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-ledger-e2e-'));
  ledger = join(dir, 'ledger.jsonl');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function usageUrl(server: ServerHandle): URL {
  return new URL('/usage', server.url);
}

describe.each(['2025-11-25', '2026-07-28'] as const)('the ledger with a %s client', (era) => {
  it('holds exactly the calls made, sensitive fields masked, with their outcomes', async () => {
    const server = await startServer(createLedgerRegistry(), {
      transport: 'streamable-http',
      port: 0,
      ledger,
      usage: true,
      validateInputs: true,
      approval: 'deny',
      logger: createRecordingLogger(),
    });
    const client = await connectClient({ era, transport: 'http', url: server.url ?? '' });
    try {
      const login = { user: 'ann', password: 'hunter2', devices: [{ id: 'd1', token: 't1' }] };
      expect((await client.callTool('auth-login', login)).isError).toBe(false);
      expect((await client.callTool('math-add', { a: 'x' })).isError).toBe(true);
      expect((await client.callTool('files-remove', { path: '/tmp/a' })).isError).toBe(true);

      const usage = (await (await fetch(usageUrl(server))).json()) as UsageReport;
      expect(usage.tools.map(({ tool, calls, errors }) => ({ tool, calls, errors }))).toEqual([
        { tool: 'auth-login', calls: 1, errors: 0 },
        { tool: 'files-remove', calls: 1, errors: 1 },
        { tool: 'math-add', calls: 1, errors: 1 },
      ]);
    } finally {
      await client.close();
      await server.close();
    }
    const records = await readLedgerFile(ledger);
    expect(
      records.map(({ tool, moduleId, subject, outcome, cost, arguments: args }) => ({
        tool,
        moduleId,
        subject,
        outcome,
        cost,
        args,
      })),
    ).toEqual([
      {
        tool: 'auth-login',
        moduleId: 'auth.login',
        subject: '@anonymous',
        outcome: 'ok',
        cost: 2,
        args: {
          user: 'ann',
          password: '***REDACTED***',
          devices: [{ id: 'd1', token: '***REDACTED***' }],
        },
      },
      {
        tool: 'math-add',
        moduleId: 'math.add',
        subject: '@anonymous',
        outcome: 'SCHEMA_VALIDATION_ERROR',
        cost: 0,
        args: { a: 'x' },
      },
      {
        tool: 'files-remove',
        moduleId: 'files.remove',
        subject: '@anonymous',
        outcome: 'APPROVAL_DENIED',
        cost: 0,
        args: { path: '/tmp/a' },
      },
    ]);
    expect((await stat(ledger)).mode & 0o777).toBe(0o600);
    for (const record of records) expect(record.durationMs).toBeGreaterThanOrEqual(0);
  });
});

describe('GET /usage', () => {
  it('is refused without authentication (401) and by the Origin guard (403), and is GET only', async () => {
    const server = await startServer(createLedgerRegistry(), {
      transport: 'streamable-http',
      port: 0,
      ledger,
      usage: true,
      authenticate: (request) => (request.headers['x-api-key'] === 'k-1' ? { id: 'svc-1' } : null),
      logger: createRecordingLogger(),
    });
    const headers = { 'x-api-key': 'k-1' };
    const client = await connectClient({
      era: '2025-11-25',
      transport: 'http',
      url: server.url ?? '',
      headers,
    });
    try {
      await client.callTool('math-add', { a: 1, b: 2 });
      expect((await fetch(usageUrl(server))).status).toBe(401);
      const evil = await fetch(usageUrl(server), {
        headers: { ...headers, origin: 'https://evil.example' },
      });
      expect(evil.status).toBe(403);
      expect((await fetch(usageUrl(server), { method: 'POST', headers })).status).toBe(405);
      const answer = await fetch(usageUrl(server), { headers });
      expect(answer.status).toBe(200);
      const report = (await answer.json()) as UsageReport;
      expect(report.tools).toMatchObject([
        { tool: 'math-add', moduleId: 'math.add', calls: 1, errors: 0 },
      ]);
      expect(Number.isNaN(Date.parse(report.since ?? ''))).toBe(false);
    } finally {
      await client.close();
      await server.close();
    }
    expect((await readLedgerFile(ledger)).map((record) => record.subject)).toEqual(['svc-1']);
  });

  it('is not served unless usage is on', async () => {
    const server = await startServer(createLedgerRegistry(), {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
    });
    try {
      expect((await fetch(usageUrl(server))).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('refuses to start with a ledger in a missing directory', async () => {
    await expect(
      startServer(createLedgerRegistry(), {
        ledger: join(dir, 'nope', 'l.jsonl'),
        logger: createRecordingLogger(),
      }),
    ).rejects.toThrow(/^ledger: directory .+nope does not exist/);
  });
});
