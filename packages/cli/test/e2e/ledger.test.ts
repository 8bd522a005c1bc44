import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { httpServeArgs, runCli, SERVING_LINE, startCli } from '../helpers/cli-process.js';

const LOGIN_MODULE = `export default {
  description: 'Logs a user in.',
  metadata: { cost: 2 },
  inputSchema: {
    type: 'object',
    properties: { user: { type: 'string' }, password: { type: 'string', 'x-sensitive': true } },
    required: ['user', 'password'],
  },
  execute: (inputs) => ({ welcome: inputs.user }),
};\n`;

const REMOVE_MODULE = `export default {
  description: 'Removes a file.',
  annotations: { destructive: true, requiresApproval: true },
  inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
  execute: (inputs) => ({ removed: inputs.path }),
};\n`;

function ledgerLine(subject: string, tool: string, outcome = 'ok'): string {
  const record = {
    time: new Date().toISOString(),
    subject,
    tool,
    moduleId: tool.replace('-', '.'),
    arguments: {},
    durationMs: 1,
    outcome,
    cost: 0,
  };
  return `${JSON.stringify(record)}\n`;
}

let dir: string;
let ledger: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-cli-ledger-'));
  ledger = join(dir, 'ledger.jsonl');
  await writeFile(join(dir, 'login.mjs'), LOGIN_MODULE);
  await writeFile(join(dir, 'remove.mjs'), REMOVE_MODULE);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('apcore-mcp --ledger', () => {
  it('records every call, complete after SIGTERM; ledger tail and usage print them', async () => {
    const port = await findFreePort();
    const args = ['--ledger', ledger, '--usage', '--validate-inputs', '--approval', 'deny'];
    const server = startCli(httpServeArgs(dir, port, args));
    try {
      const [, , url] = await server.waitForStderr(SERVING_LINE);
      const client = await connectClient({ era: '2025-11-25', transport: 'http', url: url ?? '' });
      try {
        expect((await client.callTool('login', { user: 'ann', password: 'pw' })).isError).toBe(
          false,
        );
        expect((await client.callTool('login', { user: 'ann' })).isError).toBe(true);
        expect((await client.callTool('remove', { path: '/tmp/x' })).isError).toBe(true);
      } finally {
        await client.close();
      }
      const usage = (await (await fetch(new URL('/usage', url))).json()) as { tools: unknown[] };
      expect(usage.tools).toHaveLength(2);
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
    const lines = (await readFile(ledger, 'utf8')).trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line))).toMatchObject([
      {
        tool: 'login',
        subject: '@anonymous',
        outcome: 'ok',
        cost: 2,
        arguments: { user: 'ann', password: '***REDACTED***' },
      },
      {
        tool: 'login',
        outcome: 'SCHEMA_VALIDATION_ERROR',
        arguments: { user: 'ann' },
        error: { code: 'SCHEMA_VALIDATION_ERROR', message: expect.stringMatching(/\S/) },
      },
      {
        tool: 'remove',
        outcome: 'APPROVAL_DENIED',
        arguments: { path: '/tmp/x' },
        error: { code: 'APPROVAL_DENIED', message: expect.stringMatching(/\S/) },
      },
    ]);
    expect(JSON.parse(lines[0] ?? '{}')).not.toHaveProperty('error');

    const tail = await runCli(['ledger', 'tail', '--ledger', ledger, '--lines', '2']);
    expect(tail.code).toBe(0);
    const rows = tail.stdout.trimEnd().split('\n');
    expect(rows[0]).toMatch(/^TIME\s+SUBJECT\s+TOOL\s+OUTCOME\s+MS\s+COST\s+ARGUMENTS$/);
    expect(rows.slice(1).map((row) => row.split(/\s+/)[3])).toEqual([
      'SCHEMA_VALIDATION_ERROR',
      'APPROVAL_DENIED',
    ]);

    const report = await runCli(['usage', '--json'], { env: { APCORE_MCP_LEDGER: ledger } });
    expect(report.code).toBe(0);
    expect(JSON.parse(report.stdout).tools).toMatchObject([
      {
        tool: 'login',
        moduleId: 'login',
        calls: 2,
        errors: 1,
        errorRate: 0.5,
        errorCodes: { SCHEMA_VALIDATION_ERROR: 1 },
      },
      { tool: 'remove', moduleId: 'remove', calls: 1, errors: 1, errorRate: 1 },
    ]);
    expect(report.stderr).toContain('3 calls since');
    const table = await runCli(['usage'], { env: { APCORE_MCP_LEDGER: ledger } });
    const [header, login, remove] = table.stdout.trimEnd().split('\n');
    expect(header).toMatch(
      /^TOOL\s+MODULE ID\s+CALLS\s+ERRORS\s+ERROR RATE\s+P50 MS\s+P95 MS\s+LAST CALLED\s+ERROR CODES$/,
    );
    expect(login).toMatch(/^login\s+login\s+2\s+1\s+50\.0%\s.*SCHEMA_VALIDATION_ERROR×1$/);
    expect(remove).toMatch(/^remove\s+remove\s+1\s+1\s+100\.0%\s.*APPROVAL_DENIED×1$/);
  });

  it('refuses a ledger in a missing directory and --usage over stdio, exit 1 with one line', async () => {
    const missing = await runCli(['--extensions-dir', dir, '--ledger', join(dir, 'no', 'l.jsonl')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe(
      `Error: --ledger: directory ${join(dir, 'no')} does not exist (for ledger file ${join(dir, 'no', 'l.jsonl')})`,
    );
    const usage = await runCli(['--extensions-dir', dir, '--usage']);
    expect(usage.code).toBe(1);
    expect(usage.stderr.trim()).toBe(
      'Error: --usage: GET /usage is served by --transport streamable-http or sse, not stdio',
    );
  });
});

describe('apcore-mcp ledger tail', () => {
  it('filters by subject, prints raw JSON lines, and reports malformed lines by number', async () => {
    const bobLine = ledgerLine('bob', 'a-two');
    await writeFile(ledger, `${ledgerLine('alice', 'a-one')}not json\n${bobLine}`);
    const result = await runCli([
      'ledger',
      'tail',
      '--ledger',
      ledger,
      '--subject',
      'bob',
      '--json',
    ]);
    expect(result.code).toBe(0);
    // The line exactly as the server wrote it.
    expect(result.stdout).toBe(bobLine);
    expect(
      result.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).tool),
    ).toEqual(['a-two']);
    expect(result.stderr).toContain(`Warning: ${ledger} line 2: skipped, not valid JSON`);
  });

  it('says so when the file is missing (exit 1)', async () => {
    const result = await runCli(['ledger', 'tail', '--ledger', join(dir, 'none.jsonl')]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(`Error: ledger file ${join(dir, 'none.jsonl')} not found`);
  });

  it('--follow prints records appended later until SIGINT', async () => {
    await writeFile(ledger, ledgerLine('alice', 'a-one'));
    const tail = startCli(['ledger', 'tail', '--ledger', ledger, '--follow']);
    let stdout = '';
    const waiters = new Set<() => void>();
    tail.child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      for (const check of [...waiters]) check();
    });
    const waitForStdout = (text: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${text} in:\n${stdout}`)), 15_000);
        const check = () => {
          if (!stdout.includes(text)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      });
    try {
      await waitForStdout('a-one');
      await appendFile(ledger, `${ledgerLine('bob', 'a-two')}{"broken"\n`);
      await waitForStdout('a-two');
      await tail.waitForStderr(/line 3: skipped, not valid JSON/);
    } finally {
      expect(await tail.stop('SIGINT')).toBe(0);
    }
  });
});
