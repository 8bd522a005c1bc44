import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { findFreePort } from '@apcore-mcp/test-support';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXAMPLE_EXTENSIONS, runCli, SERVING_LINE, startCli } from '../helpers/cli-process.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-config-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function serverIdentity(url: string): Promise<{ name: string; version: string }> {
  const client = new Client({ name: 'config-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const identity = client.getServerVersion();
  await client.close();
  return { name: identity?.name ?? '', version: identity?.version ?? '' };
}

describe('config file, environment and flags', () => {
  it('takes apcore-mcp.yaml from the working directory; variables beat the file; flags beat both', async () => {
    const [filePort, envPort, flagPort] = [
      await findFreePort(),
      await findFreePort(),
      await findFreePort(),
    ];
    await writeFile(
      join(dir, 'apcore-mcp.yaml'),
      [
        `extensions-dir: ${relative(dir, EXAMPLE_EXTENSIONS)}`,
        'transport: streamable-http',
        `port: ${filePort}`,
        'name: from-file',
        'server-version: 1.0',
        'tags: [catalog]',
        '',
      ].join('\n'),
    );

    const fileOnly = startCli([], { cwd: dir });
    const [, fileCount, fileUrl] = await fileOnly.waitForStderr(SERVING_LINE);
    expect(fileUrl).toBe(`http://127.0.0.1:${filePort}/mcp`);
    expect(fileCount).toBe('3');
    expect(await serverIdentity(fileUrl as string)).toEqual({ name: 'from-file', version: '1.0' });
    expect(await fileOnly.stop()).toBe(0);

    const env = {
      APCORE_MCP_PORT: String(envPort),
      APCORE_MCP_NAME: 'from-env',
      APCORE_MCP_TAGS: '',
    };
    const withEnv = startCli([], { cwd: dir, env });
    const [, envCount, envUrl] = await withEnv.waitForStderr(SERVING_LINE);
    expect(envUrl).toBe(`http://127.0.0.1:${envPort}/mcp`);
    expect(envCount).toBe('13');
    expect(await serverIdentity(envUrl as string)).toEqual({ name: 'from-env', version: '1.0' });
    expect(await withEnv.stop()).toBe(0);

    const withFlags = startCli(['--port', String(flagPort), '--name', 'from-flag'], {
      cwd: dir,
      env,
    });
    const [, , flagUrl] = await withFlags.waitForStderr(SERVING_LINE);
    expect(flagUrl).toBe(`http://127.0.0.1:${flagPort}/mcp`);
    expect(await serverIdentity(flagUrl as string)).toEqual({ name: 'from-flag', version: '1.0' });
    expect(await withFlags.stop()).toBe(0);
  });

  it('exits 1 on a bad config file, naming each key and the allowed values', async () => {
    await writeFile(join(dir, 'apcore-mcp.yaml'), 'transport: http\nprot: 9000\n');
    const result = await runCli(['--extensions-dir', EXAMPLE_EXTENSIONS], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(
        /^Error: unknown key "prot" in apcore-mcp\.yaml \(did you mean "port"\?\); allowed keys: extensions-dir, /,
      ),
      'Error: "transport" in apcore-mcp.yaml must be one of stdio, streamable-http, sse (got "http")',
    ]);
  });
});

describe('apcore-mcp config validate', () => {
  it('on a good file: the effective settings and their sources, and what the extensions hold', async () => {
    await mkdir(join(dir, 'config'));
    const config = join(dir, 'config', 'shop.yaml');
    await writeFile(
      config,
      `extensions-dir: ${relative(join(dir, 'config'), EXAMPLE_EXTENSIONS)}\ntransport: streamable-http\nlog_level: debug\n`,
    );
    const result = await runCli(['config', 'validate', '--config', config], {
      cwd: dir,
      env: { APCORE_MCP_PORT: '9001' },
    });
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(`${config} is valid.`);
    const row = (key: string) => lines.find((line) => line.startsWith(`${key} `))?.split(/\s{2,}/);
    expect(row('extensions-dir')).toEqual([
      'extensions-dir',
      EXAMPLE_EXTENSIONS,
      '"extensions-dir" in config/shop.yaml',
    ]);
    expect(row('transport')).toEqual([
      'transport',
      'streamable-http',
      '"transport" in config/shop.yaml',
    ]);
    expect(row('log-level')).toEqual(['log-level', 'DEBUG', '"log_level" in config/shop.yaml']);
    expect(row('port')).toEqual(['port', '9001', 'APCORE_MCP_PORT']);
    expect(row('host')).toEqual(['host', '127.0.0.1', 'the default']);
    expect(result.stdout).toContain(`${EXAMPLE_EXTENSIONS}: 13 tools to serve, 0 skipped.`);
    expect(result.stderr).toBe('');
  });

  it('on a bad file: every problem on its own line, exit 1', async () => {
    await writeFile(
      join(dir, 'apcore-mcp.yaml'),
      'port: 0\nwatch: sometimes\nextensions-dir: ./missing\n',
    );
    const result = await runCli(['config', 'validate'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      [
        'Error: "port" in apcore-mcp.yaml must be an integer between 1 and 65535 (got "0")',
        'Error: "watch" in apcore-mcp.yaml must be true or false (got "sometimes")',
        '',
      ].join('\n'),
    );
  });

  it('on a file naming a missing extensions directory: exit 1', async () => {
    await writeFile(join(dir, 'apcore-mcp.yaml'), 'extensions-dir: ./missing\n');
    const result = await runCli(['config', 'validate'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `Error: extensions directory does not exist: ${join(dir, 'missing')} ("extensions-dir" in apcore-mcp.yaml)\n`,
    );
  });

  it('on a file that is not YAML: exit 1 with the line', async () => {
    await writeFile(join(dir, 'apcore-mcp.yaml'), 'port: 8000\n  host: [\n');
    const result = await runCli(['config', 'validate'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^Error: apcore-mcp\.yaml is not valid YAML: .+ at line \d+, column \d+\n$/,
    );
  });
});
