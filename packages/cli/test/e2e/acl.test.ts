import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstText } from '@apcore-mcp/test-support';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_EXTENSIONS, expectOneErrorLine, runCli } from '../helpers/cli-process.js';
import { withStdioSession } from '../helpers/stdio-session.js';

/** Outside callers reach the catalog; orders only for staff, whom stdio never is. */
const ACL_YAML = [
  'default_effect: deny',
  'rules:',
  '  - callers: ["*"]',
  '    targets: ["orders.*"]',
  '    effect: allow',
  '    conditions:',
  '      roles: [staff]',
  '  - callers: ["@external"]',
  '    targets: ["catalog.*"]',
  '    effect: allow',
  '',
].join('\n');

const CATALOG_TOOLS = ['catalog-audit_stock', 'catalog-get_product', 'catalog-search'];

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-acl-'));
  await writeFile(join(dir, 'acl.yaml'), ACL_YAML);
  // A config file elsewhere, naming its rules file relative to itself.
  await mkdir(join(dir, 'conf'));
  await writeFile(join(dir, 'conf', 'rules.yaml'), ACL_YAML);
  await writeFile(
    join(dir, 'conf', 'shop.yaml'),
    `extensions-dir: ${EXAMPLE_EXTENSIONS}\nacl: rules.yaml\n`,
  );
  await writeFile(join(dir, 'broken.yaml'), 'rules: [\n  - oops: {\n');
  await writeFile(join(dir, 'typo.yaml'), ACL_YAML.replace('roles: [staff]', 'rolez: [staff]'));
  await writeFile(
    join(dir, 'bad-depth.yaml'),
    ACL_YAML.replace('roles: [staff]', 'max_call_depth: -2'),
  );
  // The contract's faults: an unknown rule key, a wrong effect spelling, a $not with two patterns.
  await writeFile(
    join(dir, 'bogus-key.yaml'),
    ACL_YAML.replace('effect: allow', 'effect: allow\n    bogus: true'),
  );
  await writeFile(
    join(dir, 'two-faults.yaml'),
    'rules:\n  - callers: []\n    targets: ["*"]\n    effect: Allow\n',
  );
  await writeFile(
    join(dir, 'not-two.yaml'),
    'default_effect: allow\nrules:\n  - callers: ["*"]\n    targets: ["$not", "a.*", "b.*"]\n    effect: deny\n',
  );
  await writeFile(join(dir, 'empty.yaml'), '{}\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Serves the example modules over stdio with `args`, and hands a connected SDK client to `use`. */
async function withStdioClient(
  args: readonly string[],
  env: Record<string, string>,
  use: (client: Client) => Promise<void>,
): Promise<void> {
  await withStdioSession(args, env, use, { cwd: dir });
}

async function expectCatalogOnly(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name).sort()).toEqual(CATALOG_TOOLS);
  const lookup = await client.callTool({
    name: 'catalog-get_product',
    arguments: { sku: 'TEA-010' },
  });
  expect(lookup.isError).toBeFalsy();
  const refused = await client.callTool({
    name: 'orders-cancel_order',
    arguments: { orderId: 'X' },
  });
  expect(refused.isError).toBe(true);
  expect(firstText(refused)).toBe('Access denied');
  const { resources } = await client.listResources();
  // The docs and UIs of the modules the caller may call; the defined resources have no ACL.
  expect(resources.map((resource) => resource.uri)).toEqual([
    'docs://catalog.get_product',
    'ui://catalog.get_product/product-card.html',
    'shop://price-list',
  ]);
}

describe('apcore-mcp --acl', () => {
  it('applies the rules of a YAML file given as a flag', async () => {
    await withStdioClient(
      ['--extensions-dir', EXAMPLE_EXTENSIONS, '--acl', 'acl.yaml'],
      {},
      expectCatalogOnly,
    );
  });

  it('reads the file from APCORE_MCP_ACL, and from the config file relative to it', async () => {
    await withStdioClient(
      ['--extensions-dir', EXAMPLE_EXTENSIONS],
      { APCORE_MCP_ACL: join(dir, 'acl.yaml') },
      expectCatalogOnly,
    );
    await withStdioClient(['--config', join('conf', 'shop.yaml')], {}, expectCatalogOnly);
  });

  it('serves every tool without an ACL, as before', async () => {
    await withStdioClient(['--extensions-dir', EXAMPLE_EXTENSIONS], {}, async (client) => {
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(13);
    });
  });

  it('reads a file holding an empty mapping as no ACL, as the contract loads mcp.acl', async () => {
    await withStdioClient(
      ['--extensions-dir', EXAMPLE_EXTENSIONS, '--acl', 'empty.yaml'],
      {},
      async (client) => {
        const { tools } = await client.listTools();
        expect(tools).toHaveLength(13);
      },
    );
  });
});

describe('apcore-mcp --acl: a bad file exits 1 with one line naming the file and the field', () => {
  it.each([
    ['a missing file', 'missing.yaml', /^Error: ACL file not found: .+missing\.yaml \(--acl\)$/],
    ['invalid YAML', 'broken.yaml', /^Error: ACL file .+broken\.yaml \(--acl\): invalid YAML: /],
    [
      'an unknown condition',
      'typo.yaml',
      /^Error: ACL file .+typo\.yaml \(--acl\): mcp\.acl\.rules\[0\]\.conditions\.rolez: unknown condition; known: identity_types, roles, max_call_depth, \$or, \$not$/,
    ],
    [
      'an unknown rule key',
      'bogus-key.yaml',
      /^Error: ACL file .+bogus-key\.yaml \(--acl\): mcp\.acl\.rules\[0\]\.bogus: unexpected keys 'bogus'; a rule takes callers, targets, effect, description, conditions, approval$/,
    ],
    [
      'a rule wrong twice, reported for its effect first',
      'two-faults.yaml',
      /^Error: ACL file .+two-faults\.yaml \(--acl\): mcp\.acl\.rules\[0\]\.effect: 'effect' must be 'allow' or 'deny', got "Allow"$/,
    ],
    [
      'a $not with two patterns',
      'not-two.yaml',
      /^Error: ACL file .+not-two\.yaml \(--acl\): mcp\.acl\.rules\[0\]\.targets: 'targets' opens with '\$not' and takes exactly one pattern after it, got 2$/,
    ],
    [
      'a bad condition value',
      'bad-depth.yaml',
      /^Error: ACL file .+bad-depth\.yaml \(--acl\): mcp\.acl\.rules\[0\]\.conditions\.max_call_depth must be a positive integer, got -2$/,
    ],
  ])('%s', async (_label, file, pattern) => {
    const result = await runCli(['--extensions-dir', EXAMPLE_EXTENSIONS, '--acl', file], {
      cwd: dir,
    });
    expectOneErrorLine(result, pattern);
  });

  it('is checked by config validate too', async () => {
    const valid = await runCli(['config', 'validate', '--config', join('conf', 'shop.yaml')], {
      cwd: dir,
    });
    expect(valid.code).toBe(0);
    expect(valid.stdout).toMatch(/rules\.yaml: 2 ACL rules, default deny\./);
    const invalid = await runCli(['config', 'validate', '--config', join('conf', 'shop.yaml')], {
      cwd: dir,
      env: { APCORE_MCP_ACL: 'typo.yaml' },
    });
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(
      /^Error: ACL file .+typo\.yaml \(APCORE_MCP_ACL\): mcp\.acl\.rules\[0\]\.conditions\.rolez/m,
    );
  });

  it('names the variable when the path came from APCORE_MCP_ACL', async () => {
    const result = await runCli(['--extensions-dir', EXAMPLE_EXTENSIONS], {
      cwd: dir,
      env: { APCORE_MCP_ACL: 'typo.yaml' },
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd()).toMatch(
      /\(APCORE_MCP_ACL\): mcp\.acl\.rules\[0\]\.conditions\.rolez/,
    );
  });
});
