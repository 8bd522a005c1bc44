import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli-process.js';
import { callText, withStdioSession } from '../helpers/stdio-session.js';

/** A module file answering `answer`, described by `description`, whose import can be held. */
function moduleSource(description: string, answer: string): string {
  return `// An import that never ends, or fails, when the test asks for it.
if (process.env.TEST_HANG_IMPORT) await new Promise(() => {});
if (process.env.TEST_FAIL_IMPORT) throw new Error('cannot open /srv/secret/config.json');
export default {
  description: ${JSON.stringify(description)},
  inputSchema: { type: 'object', properties: {} },
  execute: () => ({ answer: ${JSON.stringify(answer)} }),
};\n`;
}

/** A fixed modification time, in seconds since the epoch. */
const SOME_SECOND = 1_700_000_000;

let dir: string;
let cacheFile: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-cache-'));
  cacheFile = join(dir, '.apcore-mcp-cache', 'modules.json');
  await writeFile(join(dir, 'greet.mjs'), moduleSource('Greet', 'hello'));
  await writeFile(join(dir, 'count.mjs'), moduleSource('Count', 'three'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Serves `dir` over stdio and hands the client to `use`. */
function serve<T>(
  use: (client: Client, stderr: () => string) => Promise<T>,
  env: Record<string, string> = {},
  extraArgs: readonly string[] = [],
) {
  return withStdioSession(['--extensions-dir', dir, ...extraArgs], env, use);
}

/** The served tools, as name and description, sorted. */
async function toolsOf(client: Client): Promise<Array<[string, string | undefined]>> {
  const { tools } = await client.listTools();
  return tools.map((tool): [string, string | undefined] => [tool.name, tool.description]).sort();
}

async function cachedFiles(): Promise<string[]> {
  const content = JSON.parse(await readFile(cacheFile, 'utf8')) as { entries: object };
  return Object.keys(content.entries).sort();
}

describe('the module cache of apcore-mcp', () => {
  it('lists the tools from the cache before importing any module code', async () => {
    await serve(toolsOf);
    expect(await cachedFiles()).toEqual(['count.mjs', 'greet.mjs']);
    expect(await readFile(join(dir, '.apcore-mcp-cache', '.gitignore'), 'utf8')).toBe('*\n');
    // Every import now waits forever: only the cache can answer the list.
    const { value, stderr } = await serve(toolsOf, { TEST_HANG_IMPORT: '1' });
    expect(value).toEqual([
      ['count', 'Count'],
      ['greet', 'Greet'],
    ]);
    expect(stderr).toMatch(/Loaded 2 modules \(2 from the module cache\)/);
  });

  it('never serves a changed, added or deleted module file, or a changed helper, from the cache', async () => {
    await mkdir(join(dir, '_lib'));
    await writeFile(join(dir, '_lib', 'words.mjs'), "export const word = 'Sum';\n");
    await writeFile(
      join(dir, 'sum.mjs'),
      "import { word } from './_lib/words.mjs';\nexport default { description: word, inputSchema: { type: 'object' }, execute: () => ({}) };\n",
    );
    // Same size and the same mtime (a whole second, which every file system keeps exactly):
    // only the content tells the edit apart.
    const greet = join(dir, 'greet.mjs');
    await utimes(greet, SOME_SECOND, SOME_SECOND);
    await serve(toolsOf);
    const before = await stat(greet);
    await writeFile(greet, moduleSource('Hallo', 'howdy'));
    await utimes(greet, SOME_SECOND, SOME_SECOND);
    const after = await stat(greet);
    expect([after.size, after.mtimeMs]).toEqual([before.size, before.mtimeMs]);
    await writeFile(join(dir, 'added.mjs'), moduleSource('Added', 'new'));
    await unlink(join(dir, 'count.mjs'));
    await writeFile(join(dir, '_lib', 'words.mjs'), "export const word = 'Total';\n");

    const { value } = await serve(async (client) => [
      await toolsOf(client),
      await callText(client, 'greet'),
    ]);
    expect(value).toEqual([
      [
        ['added', 'Added'],
        ['greet', 'Hallo'],
        ['sum', 'Total'],
      ],
      { isError: false, text: JSON.stringify({ answer: 'howdy' }) },
    ]);
    expect(await cachedFiles()).toEqual(['added.mjs', 'greet.mjs', 'sum.mjs']);
  });

  it('leaves out, at a start from the cache as at the first, a module whose schema is broken', async () => {
    await writeFile(
      join(dir, 'broken.mjs'),
      "export default { description: 'Broken', inputSchema: { type: 'object', required: 'x' }, execute: () => ({}) };\n",
    );
    const skipped =
      /Skipping module broken \(.*broken\.mjs\): its input schema is not valid JSON Schema: \/required: must be array/;
    const first = await serve(toolsOf);
    expect(first.stderr).toMatch(skipped);
    // Its descriptor is cached like any other; the cached start must check it again.
    expect(await cachedFiles()).toEqual(['broken.mjs', 'count.mjs', 'greet.mjs']);
    const { value, stderr } = await serve(toolsOf, { TEST_HANG_IMPORT: '1' });
    expect(value).toEqual([
      ['count', 'Count'],
      ['greet', 'Greet'],
    ]);
    expect(stderr).toMatch(/Loaded 3 modules \(3 from the module cache\)/);
    expect(stderr).toMatch(skipped);
  });

  it('serves correctly from two servers starting at once on the same directory', async () => {
    const both = await Promise.all(
      [1, 2].map(() =>
        serve(async (client) => [await toolsOf(client), await callText(client, 'count')]),
      ),
    );
    for (const { value } of both) {
      expect(value).toEqual([
        [
          ['count', 'Count'],
          ['greet', 'Greet'],
        ],
        { isError: false, text: JSON.stringify({ answer: 'three' }) },
      ]);
    }
    expect(await cachedFiles()).toEqual(['count.mjs', 'greet.mjs']);
    const { value } = await serve(toolsOf, { TEST_HANG_IMPORT: '1' });
    expect(value).toHaveLength(2);
  });

  it.each([
    ['a corrupt cache', 'not json {', /it is not valid JSON; it is rebuilt/],
    [
      'the cache of another version',
      JSON.stringify({ format: 999, runtime: '0.0.0-other', support: '', entries: {} }),
      /it was written by another version/,
    ],
  ])('ignores %s with a warning and rewrites it', async (_name, content, warning) => {
    await mkdir(join(dir, '.apcore-mcp-cache'));
    await writeFile(cacheFile, content);
    const { value, stderr } = await serve(toolsOf);
    expect(value).toHaveLength(2);
    expect(stderr).toMatch(new RegExp(`Ignoring the module cache .+: ${warning.source}`));
    expect(await cachedFiles()).toEqual(['count.mjs', 'greet.mjs']);
  });

  it('answers a clean error for a module whose import fails at its first call, and logs it', async () => {
    await serve(toolsOf);
    const { value } = await serve(
      async (client, stderr) => {
        const listed = await toolsOf(client);
        const answer = await callText(client, 'greet');
        await expect
          .poll(stderr, { timeout: 15_000 })
          .toMatch(/Skipped module file \S+greet\.mjs: Error: cannot open/);
        return { listed, answer };
      },
      { TEST_FAIL_IMPORT: '1' },
    );
    // Listed from the cache; the call (or the background import before it) finds the failure.
    expect(value.listed).toHaveLength(2);
    expect(value.answer.isError).toBe(true);
    expect(value.answer.text).not.toMatch(/secret|\n\s+at |\.mjs/);
  });

  it('writes no cache under --no-cache, and writes it to --cache-dir when given', async () => {
    const { value } = await serve(toolsOf, {}, ['--no-cache']);
    expect(value).toHaveLength(2);
    expect(existsSync(join(dir, '.apcore-mcp-cache'))).toBe(false);

    const elsewhere = join(dir, '..', `${join(dir).split('/').at(-1)}-cache`);
    try {
      await serve(toolsOf, {}, ['--cache-dir', elsewhere]);
      expect(existsSync(join(elsewhere, 'modules.json'))).toBe(true);
      expect(existsSync(join(dir, '.apcore-mcp-cache'))).toBe(false);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('serves without a cache it cannot write, saying why', async () => {
    await writeFile(join(dir, 'not-a-dir'), '');
    const { value, stderr } = await serve(toolsOf, {}, [
      '--cache-dir',
      join(dir, 'not-a-dir', 'cache'),
    ]);
    expect(value).toHaveLength(2);
    expect(stderr).toMatch(/Cannot write the module cache \S+ \(ENOTDIR\)/);
  });

  it('answers `tools list` from the same cache', async () => {
    const first = await runCli(['tools', 'list', '--extensions-dir', dir]);
    expect(first.code).toBe(0);
    const second = await runCli(['tools', 'list', '--extensions-dir', dir], {
      env: { TEST_HANG_IMPORT: '1' },
    });
    expect(second.code).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    expect(second.stdout).toMatch(/greet/);
  });
});
