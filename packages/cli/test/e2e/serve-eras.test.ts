import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '@apcore-mcp/test-support';
import {
  type ClientEra,
  connectClient,
  type McpClientHandle,
} from '@apcore-mcp/test-support/clients';
import { describe, expect, it } from 'vitest';
import {
  EXAMPLE_EXTENSIONS,
  httpServeArgs,
  SERVING_LINE,
  type ServerProcess,
  startCli,
} from '../helpers/cli-process.js';
import { connectCliOverStdio } from '../helpers/stdio-session.js';

const ERAS: readonly ClientEra[] = ['2026-07-28', '2025-11-25'];

/** The server's INFO line when it signs requestState with a key of its own making. */
const RANDOM_KEY_LINE =
  'several instances serving one endpoint need the same --state-key-file or APCORE_MCP_STATE_KEY';

/** Lists the example tools and looks a product up: the same answers in every era. */
async function checkExampleTools(client: McpClientHandle): Promise<void> {
  const tools = await client.listTools();
  expect(tools).toHaveLength(13);
  expect(tools.map((tool) => tool.name)).toContain('orders-place_order');
  const lookup = await client.callTool('catalog-get_product', { sku: 'TEA-010' });
  expect(lookup.isError).toBe(false);
  expect(lookup.structuredContent).toMatchObject({
    found: true,
    product: { name: 'Sencha green tea, 100 g' },
  });
}

/** Serves the examples over Streamable HTTP, checks them with a client of `era`, stops. */
async function serveAndCheck(
  era: ClientEra,
  extra: readonly string[] = [],
  env: Record<string, string> = {},
): Promise<{ server: ServerProcess; exitCode: number | null }> {
  const server = startCli(httpServeArgs(EXAMPLE_EXTENSIONS, await findFreePort(), extra), { env });
  try {
    const [, , url] = await server.waitForStderr(SERVING_LINE);
    const client = await connectClient({ era, transport: 'http', url: url ?? '' });
    try {
      expect(client.era).toBe(era);
      await checkExampleTools(client);
    } finally {
      await client.close();
    }
  } finally {
    await server.stop();
  }
  return { server, exitCode: await server.exited };
}

describe.each(ERAS)('apcore-mcp serving a %s client', (era) => {
  it('over stdio', async () => {
    const client = await connectCliOverStdio(era, ['--extensions-dir', EXAMPLE_EXTENSIONS]);
    try {
      expect(client.era).toBe(era);
      await checkExampleTools(client);
    } finally {
      await client.close();
    }
  });

  it('over Streamable HTTP', async () => {
    const { exitCode } = await serveAndCheck(era);
    expect(exitCode).toBe(0);
  });
});

describe('apcore-mcp and the requestState key', () => {
  it('says at start-up that it made a random key when given none', async () => {
    const { server, exitCode } = await serveAndCheck('2026-07-28');
    expect(exitCode).toBe(0);
    expect(server.stderr()).toContain(RANDOM_KEY_LINE);
  });

  it('takes the key from APCORE_MCP_STATE_KEY and never prints it', async () => {
    const key = randomBytes(32).toString('hex');
    const { server, exitCode } = await serveAndCheck('2026-07-28', ['--log-level', 'debug'], {
      APCORE_MCP_STATE_KEY: key,
    });
    expect(exitCode).toBe(0);
    expect(server.stderr()).not.toContain(RANDOM_KEY_LINE);
    expect(server.stderr()).not.toContain(key);
  });

  it('takes the key from --state-key-file and never prints it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-state-key-'));
    try {
      const key = randomBytes(32).toString('hex');
      const file = join(dir, 'state.key');
      await writeFile(file, `${key}\n`);
      const { server, exitCode } = await serveAndCheck('2026-07-28', [
        '--log-level',
        'debug',
        '--state-key-file',
        file,
      ]);
      expect(exitCode).toBe(0);
      expect(server.stderr()).not.toContain(RANDOM_KEY_LINE);
      expect(server.stderr()).not.toContain(key);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a short key before serving, naming the variable and not the key', async () => {
    const key = randomBytes(16).toString('hex');
    const server = startCli(['--extensions-dir', EXAMPLE_EXTENSIONS], {
      env: { APCORE_MCP_STATE_KEY: key },
    });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toMatch(/^Error: APCORE_MCP_STATE_KEY is not a valid state key: /m);
    expect(server.stderr()).not.toContain(key);
  });

  it('refuses a missing key file, naming the flag and the path', async () => {
    const missing = join(tmpdir(), `apcore-mcp-no-such-key-${process.pid}.key`);
    const server = startCli(['--extensions-dir', EXAMPLE_EXTENSIONS, '--state-key-file', missing]);
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain(
      `Error: --state-key-file: cannot read key file ${missing} (ENOENT)`,
    );
  });
});
