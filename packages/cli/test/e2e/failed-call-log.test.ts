import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '@apcore-mcp/test-support';
import { type ClientEra, connectClient } from '@apcore-mcp/test-support/clients';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  httpServeArgs,
  SERVING_LINE,
  type ServerProcess,
  startCli,
} from '../helpers/cli-process.js';
import { pollTask, startTask } from '../helpers/task-requests.js';

/** A value only the arguments carry: it must never reach the log. */
const SECRET_ARGUMENT = 'ARGUMENT-hunter2';

/** Modules of the `jobs` namespace, one per way a call fails (and one that succeeds). */
const MODULES: Record<string, string> = {
  'ok.js': `export default defineModule({
  description: 'Succeeds',
  inputSchema: { type: 'object', properties: { note: { type: 'string' } } },
  execute: () => ({ ok: true }),
});`,
  'crash.js': `export default defineModule({
  description: 'Fails unexpectedly',
  inputSchema: { type: 'object', properties: { note: { type: 'string' } } },
  execute: () => {
    throw new TypeError('disk full');
  },
});`,
  'refuse.js': `export default defineModule({
  description: 'Refuses its input',
  inputSchema: { type: 'object', properties: { note: { type: 'string' } } },
  execute: () => {
    throw new InvalidInputError('No such order');
  },
});`,
  'count.js': `export default defineModule({
  description: 'Takes a count',
  inputSchema: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] },
  execute: ({ count }) => ({ count }),
});`,
  'background.js': `export default defineModule({
  description: 'Runs only as a task, and fails',
  inputSchema: { type: 'object', properties: {} },
  annotations: { taskSupport: 'required' },
  execute: () => {
    throw new ModuleError({ code: 'JOB_FAILED', message: 'The job failed' });
  },
});`,
};

let extensionsDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  extensionsDir = await mkdtemp(join(tmpdir(), 'apcore-mcp-failed-calls-'));
  await mkdir(join(extensionsDir, 'jobs'));
  const header =
    "import { defineModule, InvalidInputError, ModuleError } from '@apcore-mcp/core';\n";
  for (const [file, source] of Object.entries(MODULES)) {
    await writeFile(join(extensionsDir, 'jobs', file), `${header}${source}\n`);
  }
});

afterAll(async () => {
  await rm(extensionsDir, { recursive: true, force: true });
});

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** A JSON line pino wrote. */
interface LogLine {
  level: number;
  msg: string;
  tool?: string;
  errorCode?: string;
  traceId?: string;
  err?: { stack?: string };
}

const WARN = 40;
const ERROR = 50;

/** Starts the CLI at the default log level on a free port; resolves to its MCP URL. */
async function serve(extra: readonly string[] = []): Promise<string> {
  server = startCli(httpServeArgs(extensionsDir, await findFreePort(), extra));
  const [, , url] = await server.waitForStderr(SERVING_LINE);
  return url as string;
}

/** The `Tool call failed` lines on the server's stderr so far. */
function failedCallLines(): LogLine[] {
  return (server?.stderr() ?? '')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine)
    .filter((line) => line.msg === 'Tool call failed');
}

/**
 * Waits for the line of a last failing call (`sentinel`), then answers every failed-call line
 * before it: stderr keeps their order, so a duplicate would show up ahead of it.
 */
async function linesBefore(sentinel: () => Promise<unknown>, tool: string): Promise<LogLine[]> {
  await sentinel();
  const lines = await vi.waitFor(() => {
    const found = failedCallLines();
    expect(found.at(-1)?.tool).toBe(tool);
    return found;
  });
  return lines.slice(0, -1);
}

describe('the log line of a failed call, at the default level', () => {
  it.each<ClientEra>(['2025-11-25', '2026-07-28'])(
    'is written once per failed call, at warn or error, with tool, code and trace id (%s)',
    async (era) => {
      const url = await serve();
      const client = await connectClient({ era, transport: 'http', url });
      try {
        const note = { note: SECRET_ARGUMENT };
        expect((await client.callTool('jobs-ok', note)).isError).toBeFalsy();
        expect((await client.callTool('jobs-crash', note)).isError).toBe(true);
        expect((await client.callTool('jobs-refuse', note)).isError).toBe(true);
        expect((await client.callTool('jobs-count', { count: SECRET_ARGUMENT })).isError).toBe(
          true,
        );
        const lines = await linesBefore(() => client.callTool('jobs-crash', {}), 'jobs-crash');
        expect(lines.map(({ level, tool, errorCode }) => ({ level, tool, errorCode }))).toEqual([
          { level: ERROR, tool: 'jobs-crash', errorCode: 'INTERNAL_ERROR' },
          { level: WARN, tool: 'jobs-refuse', errorCode: 'GENERAL_INVALID_INPUT' },
          { level: WARN, tool: 'jobs-count', errorCode: 'SCHEMA_VALIDATION_ERROR' },
        ]);
        for (const line of lines) expect(line.traceId).toMatch(/^[0-9a-f]{32}$/);
        // The unexpected failure keeps its stack on the server.
        expect(lines[0]?.err?.stack).toContain('TypeError: disk full');
        expect(server?.stderr()).not.toContain(SECRET_ARGUMENT);
      } finally {
        await client.close();
      }
    },
  );

  it("is written once for a task's failed attempt", async () => {
    const url = await serve();
    const taskId = await startTask(url, 'jobs-background');
    const task = await pollTask(url, taskId, (found) => found.status !== 'working');
    expect(task).toMatchObject({ status: 'completed', result: { isError: true } });
    const client = await connectClient({ era: '2026-07-28', transport: 'http', url });
    try {
      const lines = await linesBefore(() => client.callTool('jobs-crash', {}), 'jobs-crash');
      expect(lines).toEqual([
        expect.objectContaining({ level: WARN, tool: 'jobs-background', errorCode: 'JOB_FAILED' }),
      ]);
    } finally {
      await client.close();
    }
  });

  it('is written once for grouped calls and calls through tool search, named as called', async () => {
    const url = await serve(['--grouping', 'namespace', '--tool-search']);
    const client = await connectClient({ era: '2026-07-28', transport: 'http', url });
    try {
      const call = (name: string, args: Record<string, unknown>) => client.callTool(name, args);
      const grouped = { action: 'refuse', note: SECRET_ARGUMENT };
      expect((await call('jobs', grouped)).isError).toBe(true);
      expect((await call('call_tool', { name: 'jobs', arguments: grouped })).isError).toBe(true);
      expect((await call('search_tools', { query: 7 })).isError).toBe(true);
      const lines = await linesBefore(() => call('jobs', { action: 'crash' }), 'jobs');
      expect(lines.map(({ level, tool, errorCode }) => ({ level, tool, errorCode }))).toEqual([
        { level: WARN, tool: 'jobs', errorCode: 'GENERAL_INVALID_INPUT' },
        { level: WARN, tool: 'jobs', errorCode: 'GENERAL_INVALID_INPUT' },
        { level: WARN, tool: 'search_tools', errorCode: 'SCHEMA_VALIDATION_ERROR' },
      ]);
      expect(server?.stderr()).not.toContain(SECRET_ARGUMENT);
    } finally {
      await client.close();
    }
  });
});
