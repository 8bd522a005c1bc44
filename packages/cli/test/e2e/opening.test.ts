import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstText } from '@apcore-mcp/test-support';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callText, connectCliOverStdio, withStdioSession } from '../helpers/stdio-session.js';

/** A module file whose description a variable may set (something no file of the directory shows). */
function moduleSource(description: string, answer: string): string {
  return `export default {
  description: process.env.TEST_DESCRIPTION ?? ${JSON.stringify(description)},
  inputSchema: { type: 'object', properties: {} },
  execute: () => ({ answer: ${JSON.stringify(answer)} }),
};\n`;
}

const ANSWERED_FROM_RECORD = /Answered tools\/list from the record of the last start/;

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-opening-'));
  await writeFile(join(dir, 'greet.mjs'), moduleSource('Greet', 'hello'));
  await writeFile(join(dir, 'count.mjs'), moduleSource('Count', 'three'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Serves `dir` over stdio (debug logs: they say what the front answered). */
function serve<T>(
  use: (client: Client, stderr: () => string) => Promise<T>,
  options: {
    env?: Record<string, string>;
    args?: readonly string[];
    onListChanged?: () => void;
  } = {},
) {
  const args = ['--extensions-dir', dir, '--log-level', 'debug', ...(options.args ?? [])];
  return withStdioSession(args, options.env ?? {}, use, {
    beforeConnect: (client) => {
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
        options.onListChanged?.();
      });
    },
  });
}

async function toolsOf(client: Client): Promise<Array<[string, string | undefined]>> {
  const { tools } = await client.listTools();
  return tools.map((tool): [string, string | undefined] => [tool.name, tool.description]).sort();
}

async function recordFiles(): Promise<string[]> {
  const cacheDir = join(dir, '.apcore-mcp-cache');
  if (!existsSync(cacheDir)) return [];
  const names = await readdir(cacheDir);
  return names.filter((name) => name.startsWith('opening-')).map((name) => join(cacheDir, name));
}

/** The one record of the directory, parsed. */
async function theRecord(): Promise<{
  path: string;
  content: { openings: Array<Array<Record<string, unknown>>> };
}> {
  const files = await recordFiles();
  expect(files).toHaveLength(1);
  const path = files[0] as string;
  return { path, content: JSON.parse(await readFile(path, 'utf8')) };
}

const BOTH = [
  ['count', 'Count'],
  ['greet', 'Greet'],
];

describe('the opening record of apcore-mcp over stdio', () => {
  it('answers a repeated start from the record, as the server answers it, and calls go to the server', async () => {
    const first = await serve(toolsOf);
    expect(first.value).toEqual(BOTH);
    expect(first.stderr).not.toMatch(ANSWERED_FROM_RECORD);
    const { content } = await theRecord();
    expect(content.openings).toHaveLength(1);
    expect(content.openings[0]?.map((exchange) => exchange.method)).toEqual([
      'initialize',
      'notifications/initialized',
      'tools/list',
    ]);

    const second = await serve(async (client) => ({
      capabilities: client.getServerCapabilities(),
      tools: await toolsOf(client),
      call: await callText(client, 'count'),
    }));
    expect(second.stderr).toMatch(/Answered initialize from the record of the last start/);
    expect(second.stderr).toMatch(ANSWERED_FROM_RECORD);
    expect(second.stderr).not.toMatch(/differs from this start's/);
    expect(second.value).toEqual({
      capabilities: expect.objectContaining({ tools: { listChanged: true } }),
      tools: BOTH,
      call: { isError: false, text: JSON.stringify({ answer: 'three' }) },
    });
  });

  it('never answers from the record once a module file, a setting or a helper changed', async () => {
    await serve(toolsOf);
    await writeFile(join(dir, 'greet.mjs'), moduleSource('Hallo', 'howdy'));
    const edited = await serve(toolsOf);
    expect(edited.stderr).not.toMatch(ANSWERED_FROM_RECORD);
    expect(edited.value).toEqual([
      ['count', 'Count'],
      ['greet', 'Hallo'],
    ]);

    const renamed = await serve(toolsOf, { args: ['--name', 'other-server'] });
    expect(renamed.stderr).not.toMatch(ANSWERED_FROM_RECORD);

    await writeFile(join(dir, 'notes.txt'), 'any file of the directory counts\n');
    const withNotes = await serve(toolsOf);
    expect(withNotes.stderr).not.toMatch(ANSWERED_FROM_RECORD);
    // Each start of other files or settings made a record of its own (the newest are kept).
    expect(await recordFiles()).toHaveLength(4);
  });

  it('tells the client the list changed when the server lists otherwise than the record', async () => {
    await serve(toolsOf);
    const { path, content } = await theRecord();
    // A record whose list the server no longer gives (as after a change no file shows).
    const listing = content.openings[0]?.[2] as { answer: { result: { tools: unknown[] } } };
    listing.answer.result.tools = listing.answer.result.tools.slice(0, 1);
    await writeFile(path, JSON.stringify(content));

    let told = 0;
    const { value, stderr } = await serve(
      async (client, stderrSoFar) => {
        const fromRecord = await toolsOf(client);
        await expect.poll(() => told, { timeout: 15_000 }).toBeGreaterThan(0);
        expect(stderrSoFar()).toMatch(ANSWERED_FROM_RECORD);
        return { fromRecord, afterwards: await toolsOf(client) };
      },
      { onListChanged: () => told++ },
    );
    expect(value.fromRecord).toEqual([['count', 'Count']]);
    expect(value.afterwards).toEqual(BOTH);
    expect(stderr).toMatch(
      /The tools\/list answer of the last start, given to the client, differs from this start's: the client was told the list changed/,
    );
    // The record now holds what the server listed.
    const rewritten = (await theRecord()).content.openings[0]?.[2] as typeof listing;
    expect(rewritten.answer.result.tools).toHaveLength(2);
  });

  it('corrects a list whose module code declares something else once imported: the client is told', async () => {
    await serve(toolsOf);
    let told = 0;
    const described = [
      ['count', 'Described by the environment'],
      ['greet', 'Described by the environment'],
    ];
    const { value } = await serve(
      async (client) => {
        const fromRecord = await toolsOf(client);
        // Each module is imported, and announced, on its own: list until both are.
        await expect.poll(() => toolsOf(client), { timeout: 15_000 }).toEqual(described);
        return { fromRecord, told };
      },
      { env: { TEST_DESCRIPTION: 'Described by the environment' }, onListChanged: () => told++ },
    );
    expect(value.fromRecord).toEqual(BOTH);
    expect(value.told).toBeGreaterThan(0);
  });

  it.each([
    ['a corrupt record', 'not json {', /Ignoring the opening record: \S+ is not JSON/],
    [
      'a record that holds no opening',
      '{"format":2,"key":"KEY","openings":[[42]]}',
      /does not hold openings/,
    ],
  ])(
    'ignores %s with a warning, serves as usual and writes it again',
    async (_name, content, warning) => {
      await serve(toolsOf);
      const { path, content: valid } = await theRecord();
      await writeFile(path, content.replace('KEY', (valid as unknown as { key: string }).key));
      const { value, stderr } = await serve(toolsOf);
      expect(value).toEqual(BOTH);
      expect(stderr).toMatch(warning);
      expect(stderr).not.toMatch(ANSWERED_FROM_RECORD);
      expect((await theRecord()).content).toEqual(valid);
    },
  );

  it('serves correctly from two servers starting at once, and leaves one whole record', async () => {
    await serve(toolsOf);
    const both = await Promise.all(
      [1, 2].map(() =>
        serve(async (client) => [await toolsOf(client), await callText(client, 'greet')]),
      ),
    );
    for (const { value, stderr } of both) {
      expect(value).toEqual([BOTH, { isError: false, text: JSON.stringify({ answer: 'hello' }) }]);
      expect(stderr).toMatch(ANSWERED_FROM_RECORD);
    }
    expect((await theRecord()).content.openings[0]).toHaveLength(3);
  });

  it('keeps an opening per client: a 2026-07-28 client has its discovery and list answered too', async () => {
    const listWith2026Client = async () => {
      const args = ['--extensions-dir', dir, '--log-level', 'debug'];
      const client = await connectCliOverStdio('2026-07-28', args);
      try {
        const tools = (await client.listTools()).map((tool) => tool.name).sort();
        const call = await client.callTool('greet', {});
        return { tools, answer: JSON.parse(firstText(call)) as unknown };
      } finally {
        await client.close();
      }
    };
    const served = { tools: ['count', 'greet'], answer: { answer: 'hello' } };
    expect(await listWith2026Client()).toEqual(served);
    const { path, content } = await theRecord();
    const methods = content.openings[0]?.map((exchange) => exchange.method);
    expect(methods).toContain('server/discover');
    expect(methods).toContain('tools/list');
    // A record listing one tool only: what the client lists shows where its answer came from.
    const listing = content.openings[0]?.find((exchange) => exchange.method === 'tools/list') as {
      answer: { result: { tools: Array<{ name: string }> } };
    };
    listing.answer.result.tools = listing.answer.result.tools.filter(
      (tool) => tool.name === 'greet',
    );
    await writeFile(path, JSON.stringify(content));
    expect(await listWith2026Client()).toEqual({ tools: ['greet'], answer: { answer: 'hello' } });
    // The server listed both: the record is written again, and the next start lists both.
    expect(await listWith2026Client()).toEqual(served);

    // A 2025-11-25 client of the same server keeps an opening of its own beside it.
    expect((await serve(toolsOf)).stderr).not.toMatch(ANSWERED_FROM_RECORD);
    expect((await theRecord()).content.openings).toHaveLength(2);
    const again = await serve(toolsOf);
    expect(again.value).toEqual(BOTH);
    expect(again.stderr).toMatch(ANSWERED_FROM_RECORD);
    expect(await listWith2026Client()).toEqual(served);
    expect((await theRecord()).content.openings).toHaveLength(2);
  });

  it('keeps no record under --no-cache, --no-opening-record or --watch', async () => {
    expect((await serve(toolsOf, { args: ['--no-cache'] })).value).toEqual(BOTH);
    expect((await serve(toolsOf, { args: ['--watch'] })).value).toEqual(BOTH);
    const unrecorded = async () => {
      const served = await serve(toolsOf, { args: ['--no-opening-record'] });
      expect(served.value).toEqual(BOTH);
      expect(served.stderr).not.toMatch(ANSWERED_FROM_RECORD);
    };
    await unrecorded();
    await unrecorded();
    expect(await recordFiles()).toEqual([]);
  });
});
