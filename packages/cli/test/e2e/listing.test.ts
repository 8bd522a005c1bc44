import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_EXTENSIONS, runCli } from '../helpers/cli-process.js';

const EXAMPLE_IDS = [
  'catalog.audit_stock',
  'catalog.get_product',
  'catalog.search',
  'media.product_card',
  'media.product_image',
  'orders.cancel_order',
  'orders.place_order',
  'orders.refund_order',
  'payments.charge_card',
  'reports.sales_summary',
  'settings.plan_export',
  'settings.reset_preferences',
  'settings.set_preference',
];

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-listing-'));
  await writeFile(
    join(dir, 'good.mjs'),
    "export default { description: 'Fine', inputSchema: { type: 'object', properties: {} }, execute: () => ({}) };\n",
  );
  await writeFile(join(dir, 'broken.mjs'), 'export default {\n');
  await writeFile(
    join(dir, 'Bad-Name.mjs'),
    "export default { description: 'x', inputSchema: {}, execute: () => ({}) };\n",
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const toolNameOf = (id: string) => id.replace('.', '-');

/** `tools list --json` over the example extensions, with `extra` flags. */
const listExampleTools = (...extra: string[]) =>
  runCli(['tools', 'list', '--json', '--extensions-dir', EXAMPLE_EXTENSIONS, ...extra]);

describe('apcore-mcp tools list', () => {
  it('prints the example tools as a table: name, module id, title, annotations, required args', async () => {
    const result = await runCli(['tools', 'list', '--extensions-dir', EXAMPLE_EXTENSIONS]);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+MODULE ID\s+TITLE\s+ANNOTATIONS\s+REQUIRED ARGS$/);
    const cells = lines.slice(1).map((line) => line.split(/\s{2,}/));
    expect(cells.map((row) => row[0])).toEqual(EXAMPLE_IDS.map(toolNameOf));
    expect(cells.map((row) => row[1])).toEqual(EXAMPLE_IDS);
    const row = (id: string) => cells.find((cells) => cells[1] === id);
    expect(row('catalog.get_product')).toEqual([
      'catalog-get_product',
      'catalog.get_product',
      'Get product',
      'readonly, idempotent, openWorld=false',
      'sku',
    ]);
    expect(row('orders.cancel_order')?.[3]).toBe('destructive, openWorld=false');
    expect(row('orders.refund_order')?.[3]).toBe('idempotent, requiresApproval, openWorld=false');
    expect(row('reports.sales_summary')?.[3]).toBe('readonly, streaming, openWorld=false');
    expect(row('orders.place_order')?.[4]).toBe('customer, items');
    expect(result.stderr).toBe('13 tools\n');
  });

  it('names every example tool as every common MCP client requires', async () => {
    const result = await listExampleTools();
    const { tools } = JSON.parse(result.stdout) as { tools: { name: string }[] };
    expect(tools).toHaveLength(EXAMPLE_IDS.length);
    for (const { name } of tools) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });

  it('prints MCP tool definitions with --json, module ids beside the names, $refs inlined', async () => {
    const result = await listExampleTools();
    expect(result.code).toBe(0);
    const { tools, skipped } = JSON.parse(result.stdout) as {
      tools: {
        name: string;
        moduleId: string;
        inputSchema: Record<string, unknown>;
        annotations: unknown;
        _meta: Record<string, unknown>;
      }[];
      skipped: unknown[];
    };
    expect(skipped).toEqual([]);
    expect(tools.map((tool) => tool.name)).toEqual(EXAMPLE_IDS.map(toolNameOf));
    expect(tools.map((tool) => tool.moduleId)).toEqual(EXAMPLE_IDS);
    expect(Object.keys(tools[0] ?? {}).slice(0, 2)).toEqual(['name', 'moduleId']);
    const placeOrder = tools.find((tool) => tool.moduleId === 'orders.place_order');
    expect(placeOrder?._meta['apcore/moduleId']).toBe('orders.place_order');
    expect(JSON.stringify(placeOrder?.inputSchema)).not.toContain('$ref');
    expect(placeOrder?.inputSchema).toMatchObject({
      properties: {
        customer: { properties: { shippingAddress: { required: expect.any(Array) } } },
      },
    });
    expect(tools.find((tool) => tool.name === 'orders-cancel_order')?.annotations).toMatchObject({
      destructiveHint: true,
      readOnlyHint: false,
    });
  });

  it('names the tools by module id with --tool-names module-id', async () => {
    const result = await listExampleTools('--tool-names', 'module-id');
    expect(result.code).toBe(0);
    const { tools } = JSON.parse(result.stdout) as { tools: { name: string }[] };
    expect(tools.map((tool) => tool.name)).toEqual(EXAMPLE_IDS);
  });

  it('filters by --tags and --prefix', async () => {
    const byTag = await runCli([
      'tools',
      'list',
      '--json',
      '--extensions-dir',
      EXAMPLE_EXTENSIONS,
      '--tags',
      'orders,payments',
    ]);
    expect(JSON.parse(byTag.stdout).tools.map((tool: { name: string }) => tool.name)).toEqual([
      'orders-refund_order',
    ]);
    const byPrefix = await runCli([
      'tools',
      'list',
      '--extensions-dir',
      EXAMPLE_EXTENSIONS,
      '--prefix',
      'catalog.',
    ]);
    expect(byPrefix.stderr).toBe('3 tools\n');
  });

  it('reports the files it skipped and why, on stderr and in the JSON', async () => {
    const table = await runCli(['tools', 'list', '--extensions-dir', dir]);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(
      /^NAME\s+MODULE ID\s+TITLE\s+ANNOTATIONS\s+REQUIRED ARGS\ngood\s+good\s+good\s+-\s+-\n$/,
    );
    expect(table.stderr).toContain(
      "Skipped 2 entries:\n  Bad-Name.mjs: Invalid module id 'Bad_Name': must be dot-separated segments",
    );
    expect(table.stderr).toMatch(/^ {2}broken\.mjs: SyntaxError: /m);
    const json = await runCli(['tools', 'list', '--json', '--extensions-dir', dir]);
    expect(JSON.parse(json.stdout).skipped).toEqual([
      { path: 'Bad-Name.mjs', reason: expect.stringContaining('Bad_Name') },
      { path: 'broken.mjs', reason: expect.stringContaining('SyntaxError') },
    ]);
  });
});

describe('apcore-mcp resources list', () => {
  it('lists the documentation and UIs of the example modules (docs://, ui://), then the defined ones', async () => {
    const result = await runCli(['resources', 'list', '--extensions-dir', EXAMPLE_EXTENSIONS]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        'URI                                         TITLE        MIME TYPE',
        'docs://catalog.get_product                  Get product  text/markdown',
        'docs://orders.place_order                   Place order  text/markdown',
        'ui://catalog.get_product/product-card.html  Get product  text/html;profile=mcp-app',
        'shop://price-list                           Price list   text/csv',
        '',
      ].join('\n'),
    );
    const json = await runCli([
      'resources',
      'list',
      '--json',
      '--extensions-dir',
      EXAMPLE_EXTENSIONS,
    ]);
    expect(JSON.parse(json.stdout).resources[0]).toEqual({
      uri: 'docs://catalog.get_product',
      name: 'catalog.get_product',
      title: 'Get product',
      description: 'Look up one product of the catalog by its SKU: name, price, stock.',
      mimeType: 'text/markdown',
    });
  });
});

describe('apcore-mcp openai export', () => {
  it('prints the OpenAI tools as a JSON array on stdout', async () => {
    const result = await runCli(['openai', 'export', '--extensions-dir', EXAMPLE_EXTENSIONS]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const tools = JSON.parse(result.stdout) as {
      type: string;
      function: { name: string; description: string; parameters: unknown; strict?: boolean };
    }[];
    expect(tools.map((tool) => tool.function.name)).toEqual(
      EXAMPLE_IDS.map((id) => id.replace('.', '-')),
    );
    expect(
      tools.every((tool) => tool.type === 'function' && tool.function.strict === undefined),
    ).toBe(true);
    expect(JSON.stringify(tools)).not.toContain('$ref');
  });

  it('gives the OpenAI functions the very names the MCP tools get', async () => {
    const exported = await runCli(['openai', 'export', '--extensions-dir', EXAMPLE_EXTENSIONS]);
    const listed = await listExampleTools();
    const functionNames = (JSON.parse(exported.stdout) as { function: { name: string } }[]).map(
      (tool) => tool.function.name,
    );
    const toolNames = (JSON.parse(listed.stdout) as { tools: { name: string }[] }).tools.map(
      (tool) => tool.name,
    );
    expect(functionNames).toEqual(toolNames);
  });

  it('--strict --embed-annotations: strict schemas, annotation suffixes, skipped modules on stderr', async () => {
    const result = await runCli([
      'openai',
      'export',
      '--strict',
      '--embed-annotations',
      '--extensions-dir',
      EXAMPLE_EXTENSIONS,
    ]);
    expect(result.code).toBe(0);
    const tools = JSON.parse(result.stdout) as {
      function: {
        name: string;
        description: string;
        parameters: { additionalProperties?: boolean };
        strict?: boolean;
      };
    }[];
    // place_order uses minLength, which strict mode does not support: skipped, with the reason.
    expect(tools.map((tool) => tool.function.name)).not.toContain('orders-place_order');
    expect(result.stderr).toMatch(/^Skipped 1 entry:\n {2}orders\.place_order:\n {4}.*strict mode/);
    expect(result.stderr).toContain('"minLength" is not supported in strict mode');
    const getProduct = tools.find((tool) => tool.function.name === 'catalog-get_product');
    expect(getProduct?.function.strict).toBe(true);
    expect(getProduct?.function.parameters.additionalProperties).toBe(false);
    expect(getProduct?.function.description).toContain('readonly=true');
  });

  it('-o FILE writes the JSON to the file', async () => {
    const output = join(dir, 'tools.json');
    const result = await runCli([
      'openai',
      'export',
      '--extensions-dir',
      EXAMPLE_EXTENSIONS,
      '--tags',
      'catalog',
      '-o',
      output,
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`Wrote 3 tools to ${output}\n`);
    const tools = JSON.parse(await readFile(output, 'utf8')) as { function: { name: string } }[];
    expect(tools.map((tool) => tool.function.name)).toEqual([
      'catalog-audit_stock',
      'catalog-get_product',
      'catalog-search',
    ]);
  });

  it('exits 1 naming --output when the file cannot be written', async () => {
    const output = join(dir, 'no-such-dir', 'tools.json');
    const result = await runCli([
      'openai',
      'export',
      '--extensions-dir',
      EXAMPLE_EXTENSIONS,
      '-o',
      output,
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`Error: --output: cannot write ${output}: ENOENT\n`);
  });
});
