import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findFreePort, type TestSigner } from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectOneErrorLine,
  httpServeArgs,
  runCli,
  SERVING_LINE,
  startCli,
} from '../helpers/cli-process.js';
import {
  ADMIN_OR_CATALOG_ACL,
  createTokenFixture,
  type TokenFixture,
} from '../helpers/token-fixture.js';

const AUDIENCE = 'https://mcp.example.com/mcp';

const MODULE = `export default {
  description: 'Does its job.',
  inputSchema: { type: 'object', properties: {} },
  execute: () => ({ done: true }),
};\n`;

let fixture: TokenFixture;
let dir: string;
let extensions: string;
let signer: TestSigner;

beforeAll(async () => {
  fixture = await createTokenFixture('usage-admin', {
    'admin/reset.mjs': MODULE,
    'catalog/search.mjs': MODULE,
  });
  ({ dir, extensions, signer } = fixture);
  await writeFile(join(dir, 'acl.yaml'), ADMIN_OR_CATALOG_ACL);
});

afterAll(() => fixture.remove());

describe('apcore-mcp --usage-admin-role', () => {
  it('serves GET /usage: all of it to the role, the listed tools to anyone else', async () => {
    const port = await findFreePort();
    const server = startCli(
      httpServeArgs(extensions, port, [
        '--auth-jwks-file',
        join(dir, 'jwks.json'),
        '--auth-audience',
        AUDIENCE,
        '--acl',
        join(dir, 'acl.yaml'),
        '--usage-admin-role',
        'admin',
      ]),
    );
    try {
      const [, , url = ''] = await server.waitForStderr(SERVING_LINE);
      const tokenFor = (sub: string, roles: string[]) => signer.sign({ sub, roles, aud: AUDIENCE });
      const call = async (sub: string, roles: string[], tool: string) => {
        const headers = { authorization: `Bearer ${await tokenFor(sub, roles)}` };
        const client = await connectClient({ era: '2026-07-28', transport: 'http', url, headers });
        try {
          expect((await client.callTool(tool)).isError).toBe(false);
        } finally {
          await client.close();
        }
      };
      const toolsInUsage = async (sub: string, roles: string[]) => {
        const response = await fetch(new URL('/usage', url), {
          headers: { authorization: `Bearer ${await tokenFor(sub, roles)}` },
        });
        const { tools } = (await response.json()) as { tools: { tool: string }[] };
        return tools.map(({ tool }) => tool);
      };
      await call('carol', ['customer'], 'catalog-search');
      await call('root', ['admin'], 'admin-reset');
      expect(await toolsInUsage('carol', ['customer'])).toEqual(['catalog-search']);
      expect(await toolsInUsage('root', ['admin'])).toEqual(['admin-reset', 'catalog-search']);
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
  });

  it('turns usage on, so over stdio it is refused as --usage is, exit 1 with one line', async () => {
    const result = await runCli(['--extensions-dir', extensions], {
      env: { APCORE_MCP_USAGE_ADMIN_ROLE: 'admin,ops' },
    });
    expectOneErrorLine(
      result,
      /^Error: APCORE_MCP_USAGE_ADMIN_ROLE: GET \/usage is served by --transport streamable-http or sse, not stdio$/,
    );
  });
});
