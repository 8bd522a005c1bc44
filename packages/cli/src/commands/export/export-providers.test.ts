import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../__fixtures__/capture-io.js';
import { NOTES_DOCUMENT } from '../../__fixtures__/notes-document.js';
import { run } from '../../cli.js';

let dir: string;
let document: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-export-providers-'));
  document = join(dir, 'notes.json');
  await writeFile(document, JSON.stringify(NOTES_DOCUMENT));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function runExport(argv: readonly string[]) {
  const io = captureIo({ cwd: dir });
  const code = await run(['export', ...argv, '--openapi', document], io);
  return { code, out: io.out, err: io.err };
}

interface AnthropicTool {
  name: string;
  input_schema: { type: string; properties: Record<string, unknown> };
  strict?: boolean;
  cache_control?: { type: string };
}

interface GeminiTool {
  functionDeclarations: {
    name: string;
    parametersJsonSchema?: { type: string };
    parameters?: { type: string };
  }[];
}

describe('apcore-mcp export --format anthropic', () => {
  it('prints Messages API tools, ready for tools:', async () => {
    const { code, out, err } = await runExport(['--format', 'anthropic']);
    expect(code).toBe(0);
    expect(err).toBe('');
    const tools = JSON.parse(out) as AnthropicTool[];
    expect(tools.map((tool) => tool.name).sort()).toEqual(['add_note', 'list_notes']);
    expect(tools.every((tool) => tool.input_schema.type === 'object')).toBe(true);
    expect(tools.some((tool) => 'cache_control' in tool || 'strict' in tool)).toBe(false);
  });

  it('--strict leaves out each module with a constraint strict tool use lacks, listed once', async () => {
    const { code, out, err } = await runExport(['--format', 'anthropic', '--strict']);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual([]);
    expect(err).toMatch(/^Skipped 2 entries:\n(?: {2}\S+:\n(?: {4}[^\n]*\n)+){2}$/);
    expect(err.match(/^ {2}\S+:$/gm)?.sort()).toEqual(['  add_note:', '  list_notes:']);
    expect(err).toContain('"minimum"');
    expect(err).toContain('"minLength"');
  });

  it('--cache-control marks the last tool only', async () => {
    const { code, out } = await runExport(['--format', 'anthropic', '--cache-control']);
    expect(code).toBe(0);
    const tools = JSON.parse(out) as AnthropicTool[];
    expect(tools.map((tool) => tool.cache_control)).toEqual([undefined, { type: 'ephemeral' }]);
  });

  it('--strict --drop-unsupported keeps that module without the keyword', async () => {
    const { code, out, err } = await runExport([
      '--format',
      'anthropic',
      '--strict',
      '--drop-unsupported',
    ]);
    expect(code).toBe(0);
    expect(err).toBe('');
    const tools = JSON.parse(out) as AnthropicTool[];
    const addNote = tools.find((tool) => tool.name === 'add_note');
    expect(addNote?.strict).toBe(true);
    expect(JSON.stringify(addNote?.input_schema)).not.toContain('minLength');
  });
});

describe('apcore-mcp export --format gemini', () => {
  it('prints one tool of function declarations in parametersJsonSchema, ready for config.tools', async () => {
    const { code, out, err } = await runExport(['--format', 'gemini']);
    expect(code).toBe(0);
    expect(err).toBe('');
    const tools = JSON.parse(out) as GeminiTool[];
    expect(tools).toHaveLength(1);
    const declarations = tools[0]?.functionDeclarations ?? [];
    expect(declarations.map((declaration) => declaration.name).sort()).toEqual([
      'add_note',
      'list_notes',
    ]);
    expect(declarations.every((d) => d.parametersJsonSchema?.type === 'object')).toBe(true);
  });

  it('--openapi-parameters declares them in the OpenAPI-subset parameters field', async () => {
    const { code, out } = await runExport(['--format', 'gemini', '--openapi-parameters']);
    expect(code).toBe(0);
    const declarations = (JSON.parse(out) as GeminiTool[])[0]?.functionDeclarations ?? [];
    expect(declarations).toHaveLength(2);
    for (const declaration of declarations) {
      expect(declaration.parameters?.type).toBe('OBJECT');
      expect(declaration.parametersJsonSchema).toBeUndefined();
    }
  });

  it('-o FILE counts the declarations, not the one tool holding them', async () => {
    const { code, err } = await runExport(['--format', 'gemini', '-o', 'gemini.json']);
    expect(code).toBe(0);
    expect(err).toBe(`Wrote 2 tools to ${join(dir, 'gemini.json')}\n`);
  });
});
