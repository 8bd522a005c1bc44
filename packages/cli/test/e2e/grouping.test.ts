import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstText } from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, cleanEnv, EXAMPLE_EXTENSIONS, runCli } from '../helpers/cli-process.js';

const GROUPED_NAMES = [
  'catalog',
  'media',
  'orders',
  'payments-charge_card',
  'reports-sales_summary',
  'settings',
];

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-grouping-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The tool names `tools list --json` prints over the examples, with `args` and `env`. */
async function listNames(args: readonly string[], env: Record<string, string> = {}) {
  const result = await runCli(
    ['tools', 'list', '--json', '--extensions-dir', EXAMPLE_EXTENSIONS, ...args],
    { cwd: dir, env },
  );
  expect(result.code).toBe(0);
  const { tools } = JSON.parse(result.stdout) as { tools: Array<Record<string, unknown>> };
  return tools;
}

describe('apcore-mcp --grouping over stdio (spawned server, 2026-07-28 client)', () => {
  it('lists one tool per namespace and runs the chosen action’s module', async () => {
    assertBuilt();
    const client = await connectClient({
      era: '2026-07-28',
      transport: 'stdio',
      command: process.execPath,
      args: [BIN, '--extensions-dir', EXAMPLE_EXTENSIONS, '--grouping', 'namespace'],
      env: cleanEnv(),
      stderr: 'ignore',
    });
    try {
      const tools = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(GROUPED_NAMES);
      const lookup = await client.callTool('catalog', { action: 'get_product', sku: 'TEA-010' });
      expect(lookup.isError).toBe(false);
      expect(JSON.parse(firstText(lookup))).toMatchObject({ found: true });
      const missing = await client.callTool('orders', { orderId: 'ORD-1' });
      expect(missing.isError).toBe(true);
      expect(firstText(missing)).toBe(
        '[orders] Invalid input: action is required. Available actions: cancel_order, place_order, refund_order',
      );
    } finally {
      await client.close();
    }
  });
});

describe('apcore-mcp tools list with grouping', () => {
  it('shows grouped tools with their actions’ modules (flag)', async () => {
    const tools = await listNames(['--grouping', 'namespace']);
    expect(tools.map((tool) => tool.name)).toEqual(GROUPED_NAMES);
    expect(tools.find((tool) => tool.name === 'orders')).toMatchObject({
      name: 'orders',
      group: 'orders',
      actions: {
        cancel_order: 'orders.cancel_order',
        place_order: 'orders.place_order',
        refund_order: 'orders.refund_order',
      },
    });
  });

  it('prints a row per grouped tool and an indented row per action in the table', async () => {
    const result = await runCli(
      ['tools', 'list', '--extensions-dir', EXAMPLE_EXTENSIONS, '--grouping', 'NAMESPACE'],
      { cwd: dir },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^orders\s+\(3 actions\)\s+orders\s+destructive, requiresApproval, openWorld=false\s+action$/m,
    );
    expect(result.stdout).toMatch(/^\s+action=cancel_order\s+orders\.cancel_order\s/m);
    expect(result.stderr).toContain('6 tools');
  });

  it('reads APCORE_MCP_GROUPING, and the config file’s grouping and max-tools', async () => {
    const fromEnv = await listNames([], { APCORE_MCP_GROUPING: 'namespace' });
    expect(fromEnv.map((tool) => tool.name)).toEqual(GROUPED_NAMES);
    const config = join(dir, 'auto.yaml');
    await writeFile(config, 'grouping: auto\nmax-tools: 13\n');
    // Thirteen example modules: auto keeps them apart at 13, groups them above 12.
    expect(await listNames(['--config', config])).toHaveLength(13);
    expect(await listNames(['--config', config, '--max-tools', '12'])).toHaveLength(6);
  });

  it('--toon-descriptions encodes the action table', async () => {
    const tools = await listNames(['--grouping', 'namespace', '--toon-descriptions']);
    const orders = tools.find((tool) => tool.name === 'orders');
    expect(orders?.description).toContain('actions[3]{action,desc,required,destructive}:');
  });
});

describe('apcore-mcp openai export with grouping', () => {
  /** The OpenAI functions `openai export` prints over the examples, with `args`. */
  async function exportFunctions(args: readonly string[]) {
    const result = await runCli(
      ['openai', 'export', '--extensions-dir', EXAMPLE_EXTENSIONS, ...args],
      { cwd: dir },
    );
    expect(result.code).toBe(0);
    const tools = JSON.parse(result.stdout) as Array<{
      function: { name: string; description: string };
    }>;
    return tools.map((tool) => tool.function);
  }

  it('folds namespaces as serve does, with TOON action tables on --toon-descriptions', async () => {
    const plain = await exportFunctions(['--grouping', 'namespace']);
    expect(plain.map((fn) => fn.name)).toEqual(GROUPED_NAMES);
    const orders = plain.find((fn) => fn.name === 'orders');
    expect(orders?.description).not.toContain('actions[3]{');
    const toon = await exportFunctions(['--grouping', 'namespace', '--toon-descriptions']);
    expect(toon.find((fn) => fn.name === 'orders')?.description).toContain(
      'actions[3]{action,desc,required,destructive}:',
    );
  });
});

describe('apcore-mcp --group-annotations', () => {
  const ordersOf = (tools: Array<Record<string, unknown>>) =>
    tools.find((tool) => tool.name === 'orders')?.annotations;

  it('states annotations of a group over its modules’, from the flag or the config file', async () => {
    const aggregated = ordersOf(await listNames(['--grouping', 'namespace']));
    expect(aggregated).toMatchObject({ destructiveHint: true, idempotentHint: false });
    const flagged = await listNames([
      '--grouping',
      'namespace',
      '--group-annotations',
      'orders.destructive=false,orders.idempotent',
    ]);
    expect(ordersOf(flagged)).toMatchObject({ destructiveHint: false, idempotentHint: true });
    const config = join(dir, 'group-annotations.yaml');
    await writeFile(
      config,
      'grouping: namespace\ngroup-annotations:\n  orders:\n    destructive: false\n',
    );
    expect(ordersOf(await listNames(['--config', config]))).toMatchObject({
      destructiveHint: false,
    });
  });

  it('reaches the OpenAI export’s annotation suffix too', async () => {
    const result = await runCli(
      [
        'openai',
        'export',
        '--extensions-dir',
        EXAMPLE_EXTENSIONS,
        '--grouping',
        'namespace',
        '--embed-annotations',
        '--group-annotations',
        'orders.destructive=false',
      ],
      { cwd: dir },
    );
    expect(result.code).toBe(0);
    const tools = JSON.parse(result.stdout) as Array<{
      function: { name: string; description: string };
    }>;
    const orders = tools.find((tool) => tool.function.name === 'orders');
    expect(orders?.function.description).toMatch(/\[Annotations: [^\]]*\]$/);
    expect(orders?.function.description).not.toContain('destructive=true');
  });
});

describe('apcore-mcp grouping settings: exit code 1, one line naming the setting', () => {
  it.each([
    [
      ['--grouping', 'modules'],
      'Error: --grouping must be one of none, namespace, auto, tag (got "modules")',
    ],
    [['--max-tools', '0'], 'Error: --max-tools must be an integer of at least 1 (got "0")'],
    [
      ['--group-annotations', 'orders.destructiv'],
      'Error: --group-annotations has no annotation "destructiv" (in "orders.destructiv"); one of readonly, destructive, idempotent, requiresApproval, openWorld, streaming',
    ],
  ])('%j', async (args, line) => {
    const result = await runCli(['--extensions-dir', EXAMPLE_EXTENSIONS, ...args], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split('\n')).toEqual([line]);
  });

  it.each([
    ['APCORE_MCP_GROUPING', 'all', 'must be one of none, namespace, auto, tag (got "all")'],
    ['APCORE_MCP_MAX_TOOLS', '-3', 'must be an integer of at least 1 (got "-3")'],
    ['APCORE_MCP_TOON_DESCRIPTIONS', 'maybe', 'must be true or false (got "maybe")'],
  ])('names the variable when %s is bad', async (name, value, problem) => {
    const result = await runCli(['tools', 'list', '--extensions-dir', EXAMPLE_EXTENSIONS], {
      cwd: dir,
      env: { [name]: value },
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd()).toBe(`Error: ${name} ${problem}`);
  });
});
