import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_EXTENSIONS, runCli } from '../helpers/cli-process.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-tag-filters-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** `tools list --json` over the example extensions, with `extra` flags. */
const listExampleTools = (...extra: string[]) =>
  runCli(['tools', 'list', '--json', '--extensions-dir', EXAMPLE_EXTENSIONS, ...extra]);

describe('--any-tags and --exclude-tags', () => {
  it('keeps modules with any of --any-tags and drops those with any of --exclude-tags', async () => {
    const result = await listExampleTools(
      '--any-tags',
      'payments,reports,settings',
      '--exclude-tags',
      'settings',
    );
    expect(result.code).toBe(0);
    const { tools } = JSON.parse(result.stdout) as { tools: { name: string }[] };
    expect(tools.map((tool) => tool.name)).toEqual([
      'orders-refund_order',
      'payments-charge_card',
      'reports-sales_summary',
    ]);
  });

  it('takes the tag filters from APCORE_MCP_* variables and the config file too', async () => {
    const exported = await runCli(['openai', 'export', '--extensions-dir', EXAMPLE_EXTENSIONS], {
      env: { APCORE_MCP_ANY_TAGS: 'catalog,orders', APCORE_MCP_EXCLUDE_TAGS: 'catalog' },
    });
    expect(exported.code).toBe(0);
    const functions = JSON.parse(exported.stdout) as { function: { name: string } }[];
    expect(functions.map((tool) => tool.function.name)).toEqual([
      'orders-cancel_order',
      'orders-place_order',
      'orders-refund_order',
    ]);
    const configDir = await mkdtemp(join(dir, 'config-'));
    await writeFile(join(configDir, 'apcore-mcp.yaml'), 'exclude-tags: [orders, catalog, media]\n');
    const listed = await runCli(['tools', 'list', '--extensions-dir', EXAMPLE_EXTENSIONS], {
      cwd: configDir,
    });
    expect(listed.stderr).toBe('5 tools\n');
  });

  it('exits 1 naming the key of a tag filter that is not a list', async () => {
    const configDir = await mkdtemp(join(dir, 'bad-config-'));
    await writeFile(join(configDir, 'apcore-mcp.yaml'), 'any-tags: { a: b }\n');
    const result = await runCli(['tools', 'list', '--extensions-dir', EXAMPLE_EXTENSIONS], {
      cwd: configDir,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'Error: "any-tags" in apcore-mcp.yaml must be a list or a comma-separated string (got a mapping)\n',
    );
  });
});
