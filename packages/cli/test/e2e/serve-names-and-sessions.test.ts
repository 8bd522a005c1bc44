import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort, initializeRequest } from '@apcore-mcp/test-support';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import {
  EXAMPLE_EXTENSIONS,
  httpServeArgs,
  runCli,
  SERVING_LINE,
  startCli,
} from '../helpers/cli-process.js';

describe('apcore-mcp tool names', () => {
  it('serves the dotted module ids with APCORE_MCP_TOOL_NAMES=module-id', async () => {
    const port = await findFreePort();
    const server = startCli(httpServeArgs(EXAMPLE_EXTENSIONS, port), {
      env: { APCORE_MCP_TOOL_NAMES: 'module-id' },
    });
    try {
      const [, , url] = await server.waitForStderr(SERVING_LINE);
      const client = new Client({ name: 'cli-e2e', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url as string)));
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('catalog.get_product');
      const lookup = await client.callTool({
        name: 'catalog.get_product',
        arguments: { sku: 'TEA-010' },
      });
      expect(lookup.structuredContent).toMatchObject({ found: true });
      await client.close();
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('refuses to start, exit 2, when two modules would get one tool name, naming both', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-collision-'));
    try {
      // Two module ids over 64 characters with one head and one hash: found by search.
      const folder = join(dir, 'reports', 'quarterly_revenue_by_region_and_product_line');
      await mkdir(folder, { recursive: true });
      const source = "export default { description: 'x', inputSchema: {}, execute: () => ({}) };\n";
      await writeFile(join(folder, 'variant_v9tzx.mjs'), source);
      await writeFile(join(folder, 'variant_vg1cd.mjs'), source);
      const result = await runCli(['--extensions-dir', dir]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        'Error: Modules "reports.quarterly_revenue_by_region_and_product_line.variant_v9tzx" and "reports.quarterly_revenue_by_region_and_product_line.variant_vg1cd" would both be served as the tool',
      );
      const listed = await runCli(['tools', 'list', '--extensions-dir', dir]);
      expect(listed.code).toBe(1);
      expect(listed.stderr).toMatch(
        /^Error: Modules "reports\.quarterly.*v9tzx" and ".*vg1cd" would both/,
      );
      const byId = await runCli([
        'tools',
        'list',
        '--tool-names',
        'module-id',
        '--extensions-dir',
        dir,
      ]);
      expect(byId.code).toBe(0);
      expect(byId.stderr).toBe('2 tools\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('apcore-mcp session limits', () => {
  it('--max-sessions refuses a session over the cap with 503 while the open one keeps working', async () => {
    const port = await findFreePort();
    const server = startCli(
      httpServeArgs(EXAMPLE_EXTENSIONS, port, [
        '--max-sessions',
        '1',
        '--session-idle-timeout',
        '600',
      ]),
    );
    try {
      const [, , url] = await server.waitForStderr(SERVING_LINE);
      const client = new Client({ name: 'cli-e2e', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url as string)));
      const refused = await fetch(url as string, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify(initializeRequest('second')),
      });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('10');
      await refused.body?.cancel();
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(13);
      await client.close();
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
