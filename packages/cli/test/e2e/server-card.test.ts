import { findFreePort } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import {
  EXAMPLE_EXTENSIONS,
  expectOneErrorLine,
  httpServeArgs,
  runCli,
  SERVING_LINE,
  startCli,
} from '../helpers/cli-process.js';

describe('apcore-mcp --server-card', () => {
  it('publishes the card and the catalog, named and described by its flags', async () => {
    const port = await findFreePort();
    const server = startCli(
      httpServeArgs(EXAMPLE_EXTENSIONS, port, [
        '--server-card-name',
        'com.example/tools',
        '--server-card-description',
        'Example tools',
      ]),
    );
    try {
      const [, , url = ''] = await server.waitForStderr(SERVING_LINE);
      const card = await fetch(`${url}/server-card`);
      expect(card.headers.get('content-type')).toBe('application/mcp-server-card+json');
      expect(await card.json()).toMatchObject({
        name: 'com.example/tools',
        description: 'Example tools',
        remotes: [{ type: 'streamable-http', url }],
      });
      const catalog = await fetch(new URL('/.well-known/mcp/catalog.json', url));
      expect(await catalog.json()).toMatchObject({
        entries: [{ identifier: 'urn:air:127.0.0.1:tools', url: `${url}/server-card` }],
      });
    } finally {
      await server.stop();
    }
  });

  it('is on from APCORE_MCP_SERVER_CARD, and lists its flags under their own heading', async () => {
    const port = await findFreePort();
    const server = startCli(httpServeArgs(EXAMPLE_EXTENSIONS, port), {
      env: { APCORE_MCP_SERVER_CARD: 'true' },
    });
    try {
      const [, , url = ''] = await server.waitForStderr(SERVING_LINE);
      expect((await fetch(`${url}/server-card`)).status).toBe(200);
    } finally {
      await server.stop();
    }
    const help = await runCli(['serve', '--help']);
    expect(help.stdout).toMatch(/Server card:\n\s+--server-card\b/);
  });

  it('exits 1 naming the flag for a name that is not reverse DNS', async () => {
    const result = await runCli([
      '--extensions-dir',
      EXAMPLE_EXTENSIONS,
      '--transport',
      'streamable-http',
      '--server-card-name',
      'tools',
    ]);
    expect(result.code).toBe(1);
    expectOneErrorLine(result, /--server-card-name.*reverse-DNS name/);
  });
});
