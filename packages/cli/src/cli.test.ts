import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from './__fixtures__/capture-io.js';
import { run } from './cli.js';
import { CLI_VERSION } from './package-version.js';

let dir: string;
let filePath: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-cli-'));
  filePath = join(dir, 'not-a-dir.txt');
  await writeFile(filePath, 'x');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function runCaptured(argv: string[], env: Record<string, string> = {}) {
  const io = captureIo({ env, cwd: dir });
  const code = await run(argv, io);
  return { code, out: io.out, err: io.err };
}

describe('run: help and version', () => {
  it('prints usage with every serve flag on stdout and exits 0', async () => {
    const { code, out, err } = await runCaptured(['--help']);
    expect(code).toBe(0);
    expect(err).toBe('');
    for (const flag of [
      '--extensions-dir',
      '--transport',
      '--host',
      '--port',
      '--name',
      '--server-version',
      '--log-level',
      '--tags',
      '--prefix',
      '--validate-inputs',
      '--timeout',
      '--watch',
      '--approval',
      '--state-key-file',
      '--config',
    ]) {
      expect(out).toContain(flag);
    }
    expect(out).toContain('[choices: "stdio", "streamable-http", "sse"] [default: stdio]');
    expect(out).toMatch(/apcore-mcp tools\s/);
    expect(out).toMatch(/apcore-mcp openai\s/);
  });

  it('prints the help of a subcommand', async () => {
    const { code, out } = await runCaptured(['openai', 'export', '--help']);
    expect(code).toBe(0);
    expect(out).toContain('--strict');
    expect(out).toContain('--embed-annotations');
    expect(out).toContain('-o, --output');
  });

  it("shows dev's own defaults, not serve's", async () => {
    const { code, out } = await runCaptured(['dev', '--help']);
    expect(code).toBe(0);
    const flat = out.replace(/\s+/g, ' ');
    expect(flat).toContain(
      '[choices: "stdio", "streamable-http", "sse"] [default: streamable-http]',
    );
    expect(flat).toMatch(/--watch [^[]*\[boolean\] \[default: true\]/);
    expect(flat).toMatch(/--inspector-allow-execute [^[]*\[boolean\] \[default: true\]/);
    expect(flat).toMatch(/--webhook-allow-http [^[]*\[boolean\] \[default: true\]/);
    expect(flat).toMatch(/--webhook-allow-private [^[]*\[boolean\] \[default: true\]/);
    expect(flat).toMatch(/--event-test-emit [^[]*\[boolean\] \[default: true\]/);
    expect(flat).not.toContain('[default: stdio]');
  });

  it('describes the ledger `ledger tail` and `usage` read, not the one serve writes', async () => {
    for (const argv of [
      ['ledger', 'tail', '--help'],
      ['usage', '--help'],
    ]) {
      const { code, out } = await runCaptured(argv);
      expect(code).toBe(0);
      const flat = out.replace(/\s+/g, ' ');
      expect(flat).toContain('--ledger The ledger file to read');
      expect(flat).not.toContain('Append one JSON line');
    }
    const serve = await runCaptured(['serve', '--help']);
    expect(serve.out.replace(/\s+/g, ' ')).toContain('--ledger Append one JSON line per tool call');
  });

  it('prints its own package version', async () => {
    const { code, out } = await runCaptured(['--version']);
    expect(code).toBe(0);
    expect(out).toBe(`${CLI_VERSION}\n`);
  });
});

describe('run: invalid arguments exit 1 with one line naming the flag', () => {
  it.each([
    [
      'a missing --extensions-dir',
      [],
      'Error: --extensions-dir is required (or set extensions-dir in apcore-mcp.yaml, or APCORE_MCP_EXTENSIONS_DIR); or serve an OpenAPI document with --openapi FILE|URL',
    ],
    ['--port 0', ['--port', '0'], 'Error: --port must be an integer between 1 and 65535 (got "0")'],
    [
      '--port 65536',
      ['--port', '65536'],
      'Error: --port must be an integer between 1 and 65535 (got "65536")',
    ],
    [
      '--port abc',
      ['--port', 'abc'],
      'Error: --port must be an integer between 1 and 65535 (got "abc")',
    ],
    ['an empty --name', ['--name', ''], 'Error: --name must not be empty'],
    [
      '--timeout 0',
      ['--timeout', '0'],
      'Error: --timeout must be an integer of at least 1 (got "0")',
    ],
    [
      '--timeout 1.5',
      ['--timeout', '1.5'],
      'Error: --timeout must be an integer of at least 1 (got "1.5")',
    ],
    [
      '--task-timeout 0',
      ['--task-timeout', '0'],
      'Error: --task-timeout must be an integer of at least 1 (got "0")',
    ],
    [
      'worker without --tasks',
      ['worker', '--extensions-dir', '.'],
      'Error: apcore-mcp worker needs --tasks redis://HOST:PORT (the Redis where the servers keep their tasks), --events redis://HOST:PORT (where they keep their events), or both',
    ],
    [
      '--tasks that is not a Redis URL',
      ['worker', '--tasks', 'http://cache:6379'],
      'Error: --tasks must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379 (got "http://cache:6379")',
    ],
    [
      '--task-lost-after 0',
      ['worker', '--tasks', 'redis://cache:6379', '--task-lost-after', '0'],
      'Error: --task-lost-after must be an integer of at least 1 (got "0")',
    ],
    [
      'a 256-character --name',
      ['--name', 'n'.repeat(256)],
      'Error: --name must be at most 255 characters (got 256)',
    ],
  ])('%s', async (_label, argv, message) => {
    const { code, out, err } = await runCaptured(argv);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toBe(`${message}\n`);
  });

  it('a missing extensions directory', async () => {
    const missing = join(dir, 'nope');
    const { code, err } = await runCaptured(['--extensions-dir', missing]);
    expect(code).toBe(1);
    expect(err).toBe(`Error: extensions directory does not exist: ${missing} (--extensions-dir)\n`);
  });

  it('an extensions path that is a file', async () => {
    const { code, err } = await runCaptured(['tools', 'list', '--extensions-dir', filePath]);
    expect(code).toBe(1);
    expect(err).toBe(`Error: extensions path is not a directory: ${filePath} (--extensions-dir)\n`);
  });

  it('names the environment variable when the bad value comes from there', async () => {
    const { code, err } = await runCaptured([], {
      APCORE_MCP_EXTENSIONS_DIR: dir,
      APCORE_MCP_PORT: '99999',
    });
    expect(code).toBe(1);
    expect(err).toBe(
      'Error: APCORE_MCP_PORT must be an integer between 1 and 65535 (got "99999")\n',
    );
  });
});

describe('run: command lines yargs refuses exit 2', () => {
  it.each([
    [
      'an unknown --transport',
      ['--transport', 'carrier-pigeon'],
      'Error: --transport must be one of stdio, streamable-http, sse (got "carrier-pigeon") (see apcore-mcp --help)',
    ],
    [
      'an unknown --log-level',
      ['--log-level', 'verbose'],
      'Error: --log-level must be one of DEBUG, INFO, WARNING, ERROR (got "VERBOSE") (see apcore-mcp --help)',
    ],
    ['an unknown flag', ['--prot', '9000'], 'Error: unknown flag --prot (see apcore-mcp --help)'],
    [
      'an unknown hyphenated flag',
      ['--bogus-flag'],
      'Error: unknown flag --bogus-flag (see apcore-mcp --help)',
    ],
    [
      'an unknown command',
      ['frobnicate'],
      'Error: unknown argument "frobnicate" (see apcore-mcp --help)',
    ],
    ['a flag without its value', ['--port'], 'Error: --port needs a value (see apcore-mcp --help)'],
    [
      'a command group without a subcommand',
      ['tools'],
      'Error: Name a subcommand: apcore-mcp tools list or apcore-mcp tools check (see apcore-mcp --help)',
    ],
    [
      'tools check without the tool',
      ['tools', 'check'],
      'Error: Not enough non-option arguments: got 0, need at least 1 (see apcore-mcp --help)',
    ],
    [
      'tools check with both --args and --args-file',
      ['tools', 'check', 'math-add', '--args', '{}', '--args-file', 'a.json'],
      'Error: Arguments args and args-file are mutually exclusive (see apcore-mcp --help)',
    ],
  ])('%s', async (_label, argv, message) => {
    const { code, err } = await runCaptured(['--extensions-dir', dir, ...argv]);
    expect(code).toBe(2);
    expect(err).toBe(`${message}\n`);
  });

  it('accepts --log-level in any case', async () => {
    const { code, err } = await runCaptured(['--log-level', 'debug', '--port', '0']);
    expect(code).toBe(1);
    expect(err).toContain('--port');
  });
});

describe('run: config validate', () => {
  it('fails when there is no config file to validate', async () => {
    const { code, err } = await runCaptured(['config', 'validate']);
    expect(code).toBe(1);
    expect(err).toBe(
      'Error: no config file to validate: ./apcore-mcp.yaml not found (pass --config FILE)\n',
    );
  });

  it('shows that a state key is set, never the key, and names the file it came from', async () => {
    const key = randomBytes(32).toString('hex');
    const fileKey = randomBytes(32).toString('base64');
    await writeFile(join(dir, 'state.key'), fileKey);
    const config = join(dir, 'with-key.yaml');
    await writeFile(config, 'state-key-file: state.key\n');
    const { code, out, err } = await runCaptured(['config', 'validate', '--config', config], {
      APCORE_MCP_STATE_KEY: key,
    });
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(out).toMatch(/^state-key\s+\(set, hidden\)\s+APCORE_MCP_STATE_KEY$/m);
    expect(out).toMatch(/^state-key-file\s+\S+state\.key\s+"state-key-file" in with-key\.yaml$/m);
    expect(out).not.toContain(key);
    expect(out).not.toContain(fileKey);
  });

  it('shows the limits, and the store URL without its password', async () => {
    const config = join(dir, 'limits.yaml');
    await writeFile(config, 'rate-limit: 60/min,1000/day\nbudget: 100/day\n');
    const { code, out } = await runCaptured(['config', 'validate', '--config', config], {
      APCORE_MCP_STORE: 'redis://shop:s3cret@cache:6379',
    });
    expect(code).toBe(0);
    expect(out).toMatch(/^rate-limit\s+60\/min,1000\/day\s+"rate-limit" in limits\.yaml$/m);
    expect(out).toMatch(/^budget\s+100\/day\s+"budget" in limits\.yaml$/m);
    expect(out).toMatch(/^store\s+redis:\/\/shop:\*\*\*@cache:6379\s+APCORE_MCP_STORE$/m);
    expect(out).not.toContain('s3cret');
  });

  it('reports a bad state key as a bad setting, exit 1, without the key', async () => {
    const config = join(dir, 'plain.yaml');
    await writeFile(config, 'port: 9000\n');
    const key = randomBytes(8).toString('hex');
    const { code, out, err } = await runCaptured(['config', 'validate', '--config', config], {
      APCORE_MCP_STATE_KEY: key,
    });
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toMatch(
      /^Error: APCORE_MCP_STATE_KEY is not a valid state key: must be at least 32 bytes/,
    );
    expect(err).not.toContain(key);
  });
});
