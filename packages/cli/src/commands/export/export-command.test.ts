import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../__fixtures__/capture-io.js';
import { NOTES_DOCUMENT } from '../../__fixtures__/notes-document.js';
import { run } from '../../cli.js';

let dir: string;
let document: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-export-'));
  document = join(dir, 'notes.json');
  await writeFile(document, JSON.stringify(NOTES_DOCUMENT));
  await mkdir(join(dir, 'a-directory'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function runExport(argv: readonly string[]) {
  const io = captureIo({ cwd: dir });
  const code = await run([...argv, '--openapi', document], io);
  return { code, out: io.out, err: io.err };
}

interface PrintedTool {
  function: { name: string; parameters: { properties: Record<string, unknown> }; strict?: boolean };
}

describe('apcore-mcp export: the command line', () => {
  it.each([
    [['export'], '--format is required: one of openai, anthropic, gemini'],
    [
      ['export', '--format', 'opnai'],
      '--format must be one of openai, anthropic, gemini (got "opnai"; did you mean "openai"?)',
    ],
    [
      ['export', '--format', 'gemeni'],
      '--format must be one of openai, anthropic, gemini (got "gemeni"; did you mean "gemini"?)',
    ],
    [
      ['export', '--format', 'claude'],
      '--format must be one of openai, anthropic, gemini (got "claude")',
    ],
    [
      ['export', '--format', 'gemini', '--strict'],
      '--format gemini does not take --strict (it takes --embed-annotations, --drop-unsupported, --openapi-parameters)',
    ],
    [
      ['export', '--format', 'openai', '--cache-control'],
      '--format openai does not take --cache-control (it takes --strict, --embed-annotations, --drop-unsupported)',
    ],
    [
      ['export', '--format', 'anthropic', '--drop-unsupported'],
      '--drop-unsupported needs --strict with --format anthropic: only strict tool use refuses keywords',
    ],
    [
      ['export', '--format', 'openai', '--drop-unsupported'],
      '--drop-unsupported needs --strict with --format openai: only strict mode refuses keywords',
    ],
    [
      ['openai', 'export', '--drop-unsupported'],
      '--drop-unsupported needs --strict with --format openai: only strict mode refuses keywords',
    ],
    [['openai', 'export', '--format', 'openai'], 'unknown flag --format'],
    [['export', '--format'], '--format needs a value'],
  ])('%j is refused: one line, exit 2', async (argv, message) => {
    const { code, out, err } = await runExport(argv);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toBe(`Error: ${message} (see apcore-mcp --help)\n`);
  });

  it('lists the formats of the table in --help', async () => {
    const io = captureIo({ cwd: dir });
    expect(await run(['export', '--help'], io)).toBe(0);
    const help = io.out.replace(/\s+/g, ' ');
    expect(help).toContain('--format');
    expect(help).toContain('openai (OpenAI function tools');
    expect(help).toContain('--drop-unsupported');
  });
});

describe('apcore-mcp export --format openai', () => {
  it('prints what openai export prints', async () => {
    const viaFormat = await runExport(['export', '--format', 'openai', '--strict']);
    const viaOpenai = await runExport(['openai', 'export', '--strict']);
    expect(viaFormat.code).toBe(0);
    expect(viaFormat.out).toBe(viaOpenai.out);
    expect(viaFormat.err).toBe(viaOpenai.err);
    const tools = JSON.parse(viaFormat.out) as PrintedTool[];
    expect(tools.map((tool) => tool.function.name)).toEqual(['list_notes']);
  });

  it('reports a module strict mode refuses once, its reasons under it, and exits 0', async () => {
    const { code, err } = await runExport(['export', '--format', 'openai', '--strict']);
    expect(code).toBe(0);
    expect(err).toMatch(
      /^Skipped 1 entry:\n {2}add_note:\n {4}The schema of module "add_note" breaks OpenAI's strict mode:\n {4}- [^\n]*"minLength"[^\n]*\n$/,
    );
  });

  it('--drop-unsupported keeps that module, without the keyword', async () => {
    const { code, out, err } = await runExport([
      'export',
      '--format',
      'openai',
      '--strict',
      '--drop-unsupported',
    ]);
    expect(code).toBe(0);
    expect(err).toBe('');
    const tools = JSON.parse(out) as PrintedTool[];
    const addNote = tools.find((tool) => tool.function.name === 'add_note');
    expect(addNote?.function.strict).toBe(true);
    expect(JSON.stringify(addNote?.function.parameters)).not.toContain('minLength');
  });

  it('-o FILE writes the JSON there, relative to the working directory', async () => {
    const { code, out, err } = await runExport([
      'export',
      '--format',
      'openai',
      '-o',
      'tools.json',
    ]);
    expect(code).toBe(0);
    expect(out).toBe('');
    const path = join(dir, 'tools.json');
    expect(err).toBe(`Wrote 2 tools to ${path}\n`);
    const tools = JSON.parse(await readFile(path, 'utf8')) as PrintedTool[];
    expect(tools.map((tool) => tool.function.name).sort()).toEqual(['add_note', 'list_notes']);
  });

  it.each([
    ['no-such-dir/tools.json', 'ENOENT'],
    ['a-directory', 'EISDIR'],
  ])('-o %s: exit 1 naming --output and the reason, nothing on stdout', async (target, reason) => {
    const { code, out, err } = await runExport(['export', '--format', 'openai', '-o', target]);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toBe(`Error: --output: cannot write ${join(dir, target)}: ${reason}\n`);
  });
});
