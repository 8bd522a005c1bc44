import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '@apcore-mcp/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertBuilt,
  BIN,
  cleanEnv,
  EXAMPLE_EXTENSIONS,
  expectOneErrorLine,
  httpServeArgs,
  runCli,
  SERVING_LINE,
  startCli,
} from '../helpers/cli-process.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-exit-'));
  await writeFile(join(dir, 'file.txt'), 'not a directory');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the apcore-mcp binary: help and version', () => {
  it('--help prints the usage on stdout and exits 0', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('apcore-mcp [serve] --extensions-dir DIR [options]');
    expect(result.stdout).toContain('--server-version');
    expect(result.stdout).toContain(
      'Exit codes: 0 normal shutdown, 1 invalid arguments, 2 startup',
    );
    expect(result.stderr).toBe('');
  });

  it("--version prints the CLI's own version and exits 0", async () => {
    const result = await runCli(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('the apcore-mcp binary: exit code 1, one line on stderr naming the flag', () => {
  it.each([
    ['no --extensions-dir', [], /^Error: --extensions-dir is required/],
    [
      'a missing directory',
      ['--extensions-dir', '/definitely/not/here'],
      /^Error: extensions directory does not exist: \/definitely\/not\/here \(--extensions-dir\)$/,
    ],
    [
      'a file as directory',
      ['--extensions-dir', 'FILE'],
      /^Error: extensions path is not a directory: .+file\.txt \(--extensions-dir\)$/,
    ],
    [
      'port 0',
      ['--extensions-dir', 'EXT', '--port', '0'],
      /^Error: --port must be an integer between 1 and 65535 \(got "0"\)$/,
    ],
    [
      'port 70000',
      ['--extensions-dir', 'EXT', '--port', '70000'],
      /^Error: --port must be an integer between 1 and 65535/,
    ],
    [
      'an empty name',
      ['--extensions-dir', 'EXT', '--name', ''],
      /^Error: --name must not be empty$/,
    ],
    [
      'a 300-character name',
      ['--extensions-dir', 'EXT', '--name', 'a'.repeat(300)],
      /^Error: --name must be at most 255/,
    ],
    [
      'a rate limit in a unit there is none of',
      ['--extensions-dir', 'EXT', '--rate-limit', '60/mn'],
      /^Error: --rate-limit must be AMOUNT\/UNIT\[,AMOUNT\/UNIT\.\.\.\] with UNIT min, hour, day or month, e\.g\. 60\/min,1000\/day \(got "60\/mn"\)$/,
    ],
    [
      'a rate limit of part of a call',
      ['--extensions-dir', 'EXT', '--rate-limit-destructive', '0.5/min'],
      /^Error: --rate-limit-destructive must count whole calls of at least 1, e\.g\. 60\/min,1000\/day \(got "0\.5\/min"\)$/,
    ],
    [
      'a budget without a unit',
      ['--extensions-dir', 'EXT', '--budget', '100'],
      /^Error: --budget must be AMOUNT\/UNIT.+e\.g\. 100\/day \(got "100"\)$/,
    ],
    [
      'a store that is not Redis, its password hidden',
      ['--extensions-dir', 'EXT', '--store', 'memcached://user:secret@cache:11211'],
      /^Error: --store must be a redis:\/\/ or rediss:\/\/ URL, e\.g\. redis:\/\/127\.0\.0\.1:6379 \(got "memcached:\/\/user:\*\*\*@cache:11211"\)$/,
    ],
  ])('%s', async (_label, args, pattern) => {
    const placeholders: Record<string, string> = {
      FILE: join(dir, 'file.txt'),
      EXT: EXAMPLE_EXTENSIONS,
    };
    const resolved = args.map((arg) => placeholders[arg] ?? arg);
    const result = await runCli(resolved, { cwd: dir });
    expectOneErrorLine(result, pattern);
  });
});

describe('the apcore-mcp binary: exit code 2', () => {
  it('an invalid --transport (yargs choices)', async () => {
    const result = await runCli(['--extensions-dir', EXAMPLE_EXTENSIONS, '--transport', 'tcp']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'Error: --transport must be one of stdio, streamable-http, sse (got "tcp") (see apcore-mcp --help)\n',
    );
  });

  describe('a port in use', () => {
    let blocker: Server;
    let port: number;

    beforeAll(async () => {
      blocker = createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
      const address = blocker.address();
      port = typeof address === 'object' && address !== null ? address.port : 0;
    });

    afterAll(async () => {
      await new Promise((resolve) => blocker.close(resolve));
    });

    it('exits 2 with the address in the message', async () => {
      const result = await runCli(httpServeArgs(EXAMPLE_EXTENSIONS, port));
      expect(result.code).toBe(2);
      const errorLines = result.stderr.split('\n').filter((line) => line.startsWith('Error:'));
      expect(errorLines).toEqual([
        `Error: Cannot listen on 127.0.0.1:${port}: address 127.0.0.1:${port} is already in use (--host 127.0.0.1 --port ${port})`,
      ]);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    });
  });

  it('an event store that cannot be reached, its password hidden', async () => {
    const port = await findFreePort();
    const url = `redis://user:secret@127.0.0.1:${port}`;
    const result = await runCli([
      'worker',
      '--extensions-dir',
      EXAMPLE_EXTENSIONS,
      '--events',
      url,
    ]);
    expect(result.code).toBe(2);
    const errorLines = result.stderr.split('\n').filter((line) => line.startsWith('Error:'));
    expect(errorLines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Error: Cannot reach the event store redis://user:\\*\\*\\*@127\\.0\\.0\\.1:${port} \\(--events\\): `,
        ),
      ),
    ]);
    expect(result.stderr).not.toContain('secret');
  });

  it('an address this machine does not have', async () => {
    const result = await runCli([
      '--extensions-dir',
      EXAMPLE_EXTENSIONS,
      '--transport',
      'sse',
      '--host',
      '192.0.2.1',
      '--port',
      String(await findFreePort()),
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^Error: Cannot listen on 192\.0\.2\.1:\d+: EADDRNOTAVAIL/m);
  });
});

describe('the apcore-mcp binary: exit code 0', () => {
  it('on SIGTERM and on SIGINT, after the server drains', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const server = startCli(httpServeArgs(EXAMPLE_EXTENSIONS, await findFreePort()));
      await server.waitForStderr(SERVING_LINE);
      expect(await server.stop(signal)).toBe(0);
      expect(server.stderr()).toContain(`Received ${signal}; shutting down`);
      expect(server.stderr()).toContain('apcore-mcp server stopped');
    }
  });

  it('when a signal comes again once the server has stopped (a package runner forwarding it)', async () => {
    const server = startCli(httpServeArgs(EXAMPLE_EXTENSIONS, await findFreePort()));
    await server.waitForStderr(SERVING_LINE);
    server.child.kill('SIGINT');
    await server.waitForStderr(/apcore-mcp server stopped/);
    // The process is winding down: the late copy must not kill it (exit code null, by signal).
    if (server.child.exitCode === null) server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(server.child.signalCode).toBeNull();
  });

  it('still dies by a signal sent before the server is up', async () => {
    const slow = await mkdtemp(join(tmpdir(), 'apcore-mcp-slow-'));
    try {
      // A module file whose loading never ends: discovery, not the server, is running.
      await writeFile(
        join(slow, 'stuck.js'),
        "console.error('stuck: loading');\nawait new Promise((resolve) => setTimeout(resolve, 60_000));\nexport default {};\n",
      );
      const server = startCli(httpServeArgs(slow, await findFreePort()));
      await server.waitForStderr(/stuck: loading/);
      expect(server.child.exitCode).toBeNull();
      server.child.kill('SIGINT');
      expect(await server.exited).toBeNull();
      expect(server.child.signalCode).toBe('SIGINT');
    } finally {
      await rm(slow, { recursive: true, force: true });
    }
  });

  it('serves zero modules with a warning', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'apcore-mcp-empty-'));
    try {
      const server = startCli(httpServeArgs(empty, await findFreePort()));
      const [, count] = await server.waitForStderr(SERVING_LINE);
      expect(count).toBe('0');
      expect(server.stderr()).toContain('No modules registered; server starting with zero tools');
      expect(await server.stop()).toBe(0);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});

/** The lowest port an unprivileged process may bind here (Linux), 1024 when unknown. */
function unprivilegedPortStart(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_unprivileged_port_start', 'utf8').trim());
  } catch {
    return 1024;
  }
}

/** A privileged port nothing listens on (checked by binding it, as root can). */
async function freePrivilegedPort(): Promise<number> {
  for (let port = 81; port < 100; port += 1) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port between 81 and 99');
}

/** Root on Linux with setpriv: the bind capability can be taken away from a child. */
const canDropBindCapability =
  process.platform === 'linux' &&
  process.getuid?.() === 0 &&
  unprivilegedPortStart() > 81 &&
  spawnSync('setpriv', ['--version']).status === 0;

describe.skipIf(!canDropBindCapability)('a port the user may not bind', () => {
  it('exits 2 saying permission is denied for host:port', async () => {
    assertBuilt();
    const port = await freePrivilegedPort();
    // Root without the capability to bind ports below ip_unprivileged_port_start.
    const result = spawnSync(
      'setpriv',
      ['--bounding-set', '-net_bind_service', process.execPath, BIN]
        .concat(['--extensions-dir', EXAMPLE_EXTENSIONS, '--transport', 'streamable-http'])
        .concat(['--port', String(port)]),
      { env: cleanEnv(), encoding: 'utf8', timeout: 45_000 },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      `Error: Cannot listen on 127.0.0.1:${port}: permission denied for 127.0.0.1:${port}`,
    );
  });
});
