import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_EXTENSIONS, runCli } from '../helpers/cli-process.js';

interface PrintedFunction {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  strict?: boolean;
}

let dir: string;

/** A `notes` namespace whose `add` strict mode refuses (minLength), and a file that does not load. */
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-export-'));
  await mkdir(join(dir, 'notes'));
  const field = (name: string, extra: string) =>
    `{ type: 'object', properties: { ${name}: { type: 'string'${extra} } }, required: ['${name}'] }`;
  const module = (description: string, schema: string) =>
    `export default { description: '${description}', inputSchema: ${schema}, execute: () => ({}) };\n`;
  await writeFile(join(dir, 'notes', 'add.mjs'), module('Add', field('text', ', minLength: 1')));
  await writeFile(join(dir, 'notes', 'list.mjs'), module('List', field('query', '')));
  await writeFile(join(dir, 'notes', 'remove.mjs'), module('Remove', field('id', '')));
  await writeFile(join(dir, 'broken.mjs'), 'export default {\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The functions a successful export printed. */
function functionsOf(stdout: string): PrintedFunction[] {
  return (JSON.parse(stdout) as Array<{ function: PrintedFunction }>).map((tool) => tool.function);
}

describe('apcore-mcp export --format openai (spawned CLI)', () => {
  it.each([
    [[]],
    [['--strict', '--embed-annotations']],
    [['--strict', '--grouping', 'namespace', '--toon-descriptions']],
    [['--strict', '--drop-unsupported', '--tags', 'orders']],
  ])('prints exactly what openai export prints, with %j', async (flags) => {
    const viaFormat = await runCli([
      'export',
      '--format',
      'openai',
      '--extensions-dir',
      EXAMPLE_EXTENSIONS,
      ...flags,
    ]);
    const viaOpenai = await runCli([
      'openai',
      'export',
      '--extensions-dir',
      EXAMPLE_EXTENSIONS,
      ...flags,
    ]);
    expect(viaFormat.code).toBe(0);
    expect(viaOpenai.code).toBe(0);
    expect(functionsOf(viaFormat.stdout).length).toBeGreaterThan(0);
    expect(viaFormat.stdout).toBe(viaOpenai.stdout);
    expect(viaFormat.stderr).toBe(viaOpenai.stderr);
  });

  it('--drop-unsupported keeps the modules strict mode would skip, grouped or not', async () => {
    const strict = [
      'export',
      '--format',
      'openai',
      '--strict',
      '--extensions-dir',
      EXAMPLE_EXTENSIONS,
    ];
    const skipping = await runCli([...strict, '--grouping', 'namespace']);
    expect(skipping.stderr).toContain('orders.place_order:');
    const trimmed = functionsOf(skipping.stdout).find((fn) => fn.name === 'orders');
    expect(JSON.stringify(trimmed ?? {})).not.toContain('place_order');

    const grouped = await runCli([...strict, '--grouping', 'namespace', '--drop-unsupported']);
    expect(grouped.code).toBe(0);
    expect(grouped.stderr).toBe('');
    const orders = functionsOf(grouped.stdout).find((fn) => fn.name === 'orders');
    expect(orders?.strict).toBe(true);
    expect(JSON.stringify(orders?.parameters)).not.toMatch(/"(minLength|maxLength)"/);

    const plain = await runCli([...strict, '--drop-unsupported']);
    expect(plain.stderr).toBe('');
    expect(functionsOf(plain.stdout).map((fn) => fn.name)).toContain('orders-place_order');
  });

  it('leaves out of a grouped function the module whose own field breaks the rules, once with its reasons, never the group as a module', async () => {
    const result = await runCli([
      'export',
      '--format',
      'openai',
      '--strict',
      '--grouping',
      'namespace',
      '--extensions-dir',
      dir,
    ]);
    expect(result.code).toBe(0);
    const [notes, ...others] = functionsOf(result.stdout);
    expect(others).toEqual([]);
    expect(notes?.name).toBe('notes');
    expect(JSON.stringify(notes?.parameters)).toMatch(/"enum":\["list","remove"\]/);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('Skipped 2 entries:');
    // The file that did not load, as every listing reports it.
    expect(lines[1]).toMatch(/^ {2}broken\.mjs: SyntaxError: /);
    expect(lines.slice(2)).toEqual([
      '  notes.add:',
      `    The schema of grouped function "notes" breaks OpenAI's strict mode:`,
      expect.stringMatching(/^ {4}- Grouped function "notes", \/properties\/text: "minLength"/),
    ]);
    expect(result.stderr).not.toContain('Module "notes"');
  });

  it('refuses an unknown format with the closest one, exit 2, nothing on stdout', async () => {
    const result = await runCli(['export', '--format', 'open-ai', '--extensions-dir', dir]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'Error: --format must be one of openai, anthropic, gemini (got "open-ai"; did you mean "openai"?) (see apcore-mcp --help)\n',
    );
  });
});

describe('apcore-mcp export --format anthropic|gemini (spawned CLI)', () => {
  it('prints the example modules as Anthropic tools, strict ones with the constraints dropped', async () => {
    const result = await runCli([
      'export',
      '--format',
      'anthropic',
      '--strict',
      '--drop-unsupported',
      '--cache-control',
      '--prefix',
      'catalog',
      '--extensions-dir',
      EXAMPLE_EXTENSIONS,
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const tools = JSON.parse(result.stdout) as Array<Record<string, unknown>>;
    expect(tools.map((tool) => tool.name)).toContain('catalog-get_product');
    expect(tools.every((tool) => tool.strict === true)).toBe(true);
    expect(tools.at(-1)?.cache_control).toEqual({ type: 'ephemeral' });
  });

  it('prints the example modules as Gemini declarations in either field', async () => {
    const base = ['export', '--format', 'gemini', '--extensions-dir', EXAMPLE_EXTENSIONS];
    for (const [flags, field, type] of [
      [[], 'parametersJsonSchema', 'object'],
      [['--openapi-parameters', '--drop-unsupported'], 'parameters', 'OBJECT'],
    ] as const) {
      const result = await runCli([...base, ...flags]);
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
      const [tool, ...rest] = JSON.parse(result.stdout) as Array<{
        functionDeclarations: Array<Record<string, { type?: string } | string>>;
      }>;
      expect(rest).toEqual([]);
      const declarations = tool?.functionDeclarations ?? [];
      expect(declarations.map((declaration) => declaration.name)).toContain('catalog-get_product');
      for (const declaration of declarations) {
        expect((declaration[field] as { type?: string }).type).toBe(type);
      }
    }
  });
});
