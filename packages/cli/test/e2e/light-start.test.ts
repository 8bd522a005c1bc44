import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initializeRequest } from '@apcore-mcp/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli } from '../helpers/cli-process.js';

// What each command loads, read through a loader hook that lists every module URL: a command
// that needs little must load little (`--version` nothing of the server, yargs or zod; a stdio
// server neither yargs nor the HTTP side, nor the code of a feature its options leave off). The packages
// are built as bundles: what a path loads only behind an `import()` sits in a chunk named after
// the imported file (`dist/chunks/open-apps-<hash>.js`).

const RECORD_LOADED = fileURLToPath(new URL('../fixtures/record-loaded.mjs', import.meta.url));

let dir: string;
let runs = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-light-start-'));
  await writeFile(
    join(dir, 'echo.mjs'),
    [
      'export default {',
      "  description: 'Echoes its text.',",
      "  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },",
      '  execute: async ({ text }) => ({ text }),',
      '};',
      '',
    ].join('\n'),
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A fresh file for one command's list, and the environment that has the hook fill it. */
function recording(): { file: string; env: Record<string, string> } {
  runs += 1;
  const file = join(dir, `loaded-${runs}.txt`);
  return { file, env: { NODE_OPTIONS: `--import ${RECORD_LOADED}`, LOADED_MODULES_FILE: file } };
}

async function loadedUrls(file: string): Promise<string[]> {
  return (await readFile(file, 'utf8')).split('\n').filter((line) => line !== '');
}

function matching(urls: readonly string[], pattern: RegExp): string[] {
  return urls.filter((url) => pattern.test(url));
}

const SDK = /@modelcontextprotocol[+/]/;
const ZOD = /\/zod[@/]/;
const YARGS = /\/yargs[@/]/;
const SERVER = /\/packages\/server\/dist\//;

/** The chunk the build writes for what `import('./<name>.js')` loads, in any package. */
function chunk(name: string): RegExp {
  return new RegExp(`/dist/chunks/(${name})-[A-Z0-9]+\\.js$`);
}

describe('what a command loads', () => {
  it('--version loads the CLI alone: no server, yargs, SDK or zod', async () => {
    const { file, env } = recording();
    const result = await runCli(['--version'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const urls = await loadedUrls(file);
    expect(matching(urls, /\/packages\/cli\/dist\/index\.js$/)).toHaveLength(1);
    for (const heavy of [SERVER, YARGS, SDK, ZOD, /\/packages\/runtime\//]) {
      expect(matching(urls, heavy)).toEqual([]);
    }
  });

  it('--help loads yargs and the option table, not the server that serves', async () => {
    const { file, env } = recording();
    const result = await runCli(['--help'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('--max-sessions');
    const urls = await loadedUrls(file);
    expect(matching(urls, YARGS).length).toBeGreaterThan(0);
    expect(matching(urls, /\/packages\/server\/dist\/options\.js$/)).toHaveLength(1);
    expect(matching(urls, SDK)).toEqual([]);
    expect(matching(urls, ZOD)).toEqual([]);
    // The option table's declarations, none of what a feature opens or the frame runs.
    expect(matching(urls, /\/server\/dist\/index\.js$/)).toEqual([]);
    expect(matching(urls, chunk('open-[a-z-]+|resolve-options|serve-command'))).toEqual([]);
    expect(matching(urls, /\/packages\/runtime\/dist\/index\.js$/)).toEqual([]);
  });

  it('serve over stdio loads neither yargs nor the HTTP side, nor the features left off', async () => {
    const { file, env } = recording();
    const server = startCli(['--extensions-dir', dir], { env });
    await server.waitForStderr(/^apcore-mcp: serving 1 tool over stdio$/m);
    let stdout = '';
    server.child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const answered = new Promise<void>((resolve) => {
      server.child.stdout?.on('data', () => {
        if (stdout.includes('"id":2')) resolve();
      });
    });
    const send = (message: unknown) => server.child.stdin?.write(`${JSON.stringify(message)}\n`);
    send(initializeRequest('light-start'));
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    await answered;
    expect(stdout).toContain('"name":"echo"');
    server.child.stdin?.end();
    expect(await server.exited).toBe(0);
    const urls = await loadedUrls(file);
    // The command line clients spawn is read without yargs.
    expect(matching(urls, YARGS)).toEqual([]);
    // It does serve: the SDK and the frame are loaded.
    expect(matching(urls, SDK).length).toBeGreaterThan(0);
    expect(matching(urls, /\/server\/dist\/index\.js$/)).toHaveLength(1);
    expect(matching(urls, /@modelcontextprotocol[+/]server.*\/stdio\.m?js$/)).toHaveLength(1);
    // Features on by default, which the patterns below must not hide.
    expect(matching(urls, chunk('open-apps|open-tasks'))).toHaveLength(2);
    const httpSide = [
      /^node:(http|https|http2)$/,
      chunk('http-handler|http-listener'),
      /server-legacy/,
      chunk('open-auth|open-inspector|open-metrics|open-usage|server-card-routes'),
      /\/packages\/(auth|inspector|observability|redis|tasks|events-redis|openapi)\/dist\//,
      /\/(ioredis|bullmq|pino-pretty)[@/]/,
      chunk('open-governance|open-tracing|open-management|open-tool-search|open-skills'),
    ];
    for (const pattern of httpSide) expect(matching(urls, pattern)).toEqual([]);
  });
});
