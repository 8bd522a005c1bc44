import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '@apcore-mcp/test-support';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  httpServeArgs,
  SERVING_LINE,
  type ServerProcess,
  startCli,
} from '../helpers/cli-process.js';

const WAIT_MS = 15_000;

function moduleSource(description: string, answer: string): string {
  return `export default {
  description: ${JSON.stringify(description)},
  inputSchema: { type: 'object', properties: {} },
  execute: () => ({ answer: ${JSON.stringify(answer)} }),
};\n`;
}

let dir: string;
let server: ServerProcess;
let client: Client;
let changes: number;
let onChange: (() => void) | undefined;

/** Resolves once the client has heard `tools/list_changed` and `check` holds (bounded wait). */
async function waitForTools(check: (names: string[]) => boolean): Promise<string[]> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    if (check(names)) return names;
    if (Date.now() > deadline)
      throw new Error(`tools never matched; last: ${names.join(', ')}\n${server.stderr()}`);
    await new Promise<void>((resolve) => {
      onChange = resolve;
      setTimeout(resolve, 500);
    });
  }
}

async function answerOf(name: string): Promise<unknown> {
  const result = await client.callTool({ name, arguments: {} });
  return (
    result.structuredContent ?? JSON.parse((result.content as { text: string }[])[0]?.text ?? '{}')
  );
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-watch-'));
  await writeFile(join(dir, 'greet.mjs'), moduleSource('Greet', 'hello'));
  const port = await findFreePort();
  server = startCli(httpServeArgs(dir, port, ['--watch']));
  const [, , url] = await server.waitForStderr(SERVING_LINE);
  await server.waitForStderr(/Watching .+ for module changes/);
  changes = 0;
  client = new Client({ name: 'watch-e2e', version: '1.0.0' });
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    changes += 1;
    onChange?.();
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(url as string)));
});

afterEach(async () => {
  await client.close();
  expect(await server.stop()).toBe(0);
  await rm(dir, { recursive: true, force: true });
});

describe('apcore-mcp --watch', () => {
  it('advertises listChanged for tools, resources and prompts, even with no definition file yet', () => {
    const capabilities = client.getServerCapabilities();
    expect(capabilities?.tools?.listChanged).toBe(true);
    expect(capabilities?.resources).toEqual({ subscribe: true, listChanged: true });
    expect(capabilities?.prompts).toEqual({ listChanged: true });
  });

  it('adds a tool when a module file is written, and the client hears tools/list_changed', async () => {
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['greet']);
    // TypeScript, loaded through tsx: type annotations must not get in the way.
    const typescript = `const answer: string = 'bye';
export default {
  description: 'Farewell',
  inputSchema: { type: 'object', properties: {} },
  execute: (): { answer: string } => ({ answer }),
};\n`;
    await writeFile(join(dir, 'farewell.ts'), typescript);
    expect(await waitForTools((names) => names.includes('farewell'))).toEqual([
      'greet',
      'farewell',
    ]);
    expect(changes).toBeGreaterThan(0);
    expect(await answerOf('farewell')).toEqual({ answer: 'bye' });
  });

  it('reloads a changed file fresh, keeps the old version while the file is broken, removes a deleted one', async () => {
    await writeFile(join(dir, 'greet.mjs'), moduleSource('Greet', 'hi again'));
    const deadline = Date.now() + WAIT_MS;
    while (((await answerOf('greet')) as { answer: string }).answer !== 'hi again') {
      if (Date.now() > deadline) throw new Error(`never reloaded:\n${server.stderr()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(changes).toBeGreaterThan(0);
    await writeFile(join(dir, 'greet.mjs'), 'export default { description: "half-saved"');
    await server.waitForStderr(
      /Could not load greet\.mjs: .+; keeping the previous version of greet/,
    );
    expect(await answerOf('greet')).toEqual({ answer: 'hi again' });
    await rm(join(dir, 'greet.mjs'));
    expect(await waitForTools((names) => !names.includes('greet'))).toEqual([]);
    expect(server.stderr()).toContain('Removed module greet: greet.mjs is gone');
  });

  it('serves a module once its invalid schema is fixed, and leaves it out again when it breaks', async () => {
    const broken = `export default {
  description: 'Add',
  inputSchema: { type: 'object', required: 'x' },
  execute: () => ({ answer: 'added' }),
};\n`;
    await writeFile(join(dir, 'add.mjs'), broken);
    const skipped =
      /Skipping module add \(\S+add\.mjs\): its input schema is not valid JSON Schema: \/required: must be array \(got \\"x\\"\)/g;
    await server.waitForStderr(skipped);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['greet']);
    await writeFile(join(dir, 'add.mjs'), moduleSource('Add', 'added'));
    expect(await waitForTools((names) => names.includes('add'))).toEqual(['greet', 'add']);
    expect(await answerOf('add')).toEqual({ answer: 'added' });
    await writeFile(join(dir, 'add.mjs'), broken);
    expect(await waitForTools((names) => !names.includes('add'))).toEqual(['greet']);
    expect(server.stderr().match(skipped)).toHaveLength(2);
  });

  it('follows renames: a moved file, an editor saving by renaming a new copy over the file', async () => {
    await rename(join(dir, 'greet.mjs'), join(dir, 'hello.mjs'));
    expect(
      await waitForTools((names) => names.includes('hello') && !names.includes('greet')),
    ).toEqual(['hello']);
    await writeFile(join(dir, '.hello.mjs.tmp'), moduleSource('Hello', 'saved by rename'));
    await rename(join(dir, '.hello.mjs.tmp'), join(dir, 'hello.mjs'));
    const deadline = Date.now() + WAIT_MS;
    while (((await answerOf('hello')) as { answer: string }).answer !== 'saved by rename') {
      if (Date.now() > deadline) throw new Error(`never reloaded:\n${server.stderr()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it('serves the modules of a new sub-directory, never those under _lib', async () => {
    await mkdir(join(dir, '_lib'));
    await writeFile(join(dir, '_lib', 'helper.mjs'), moduleSource('Helper', 'no'));
    await mkdir(join(dir, 'image'));
    await writeFile(join(dir, 'image', 'resize.mjs'), moduleSource('Resize', 'resized'));
    expect(await waitForTools((names) => names.includes('image-resize'))).toEqual([
      'greet',
      'image-resize',
    ]);
    expect(await answerOf('image-resize')).toEqual({ answer: 'resized' });
  });
});
