import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort, firstText } from '@apcore-mcp/test-support';
import { type ClientEra, connectClient } from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpServeArgs, runCli, SERVING_LINE, startCli } from '../helpers/cli-process.js';
import { connectCliOverStdio } from '../helpers/stdio-session.js';

const ERAS: readonly ClientEra[] = ['2025-11-25', '2026-07-28'];

/** A module file answering `{ answer }`, with `inputSchema` as written. */
function moduleSource(answer: string, inputSchema: string): string {
  return `export default {
  description: ${JSON.stringify(`Answers ${answer}`)},
  inputSchema: ${inputSchema},
  execute: () => ({ answer: ${JSON.stringify(answer)} }),
};\n`;
}

/** The schema a client refuses a whole tools/list over: a typo, a string bound, no array. */
const BAD_SCHEMA =
  "{ type: 'object', properties: { x: { type: 'nmber', minimum: 'five' } }, required: 'x' }";

/** The tools the good files give, in the order the server lists them. */
const GOOD_TOOLS = ['a_first', 'catalog-lookup', 'z_last'];

/** The warning's text: the module, its file, each bad keyword's pointer and what is valid. */
const SKIP_REASON =
  'its input schema is not valid JSON Schema: ' +
  '/properties/x/type: must be equal to one of the allowed values: array, boolean, integer, null, number, object, string, or must be array (got "nmber"); ' +
  '/properties/x/minimum: must be number (got "five"); /required: must be array (got "x")';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-invalid-schema-'));
  const objectSchema = "{ type: 'object', properties: { q: { type: 'string' } } }";
  await writeFile(join(dir, 'a_first.mjs'), moduleSource('first', objectSchema));
  await writeFile(join(dir, 'broken.mjs'), moduleSource('broken', BAD_SCHEMA));
  await mkdir(join(dir, 'catalog'));
  await writeFile(join(dir, 'catalog', 'lookup.mjs'), moduleSource('lookup', objectSchema));
  await writeFile(join(dir, 'z_last.mjs'), moduleSource('last', '{}'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.each(ERAS)('a module with an invalid input schema, listed by a %s client', (era) => {
  it('over Streamable HTTP: every other tool is listed and callable, the skip is logged with file and pointers', async () => {
    const server = startCli(httpServeArgs(dir, await findFreePort()));
    try {
      const [, count, url] = await server.waitForStderr(SERVING_LINE);
      expect(count).toBe('3');
      const client = await connectClient({ era, transport: 'http', url: url ?? '' });
      try {
        expect((await client.listTools()).map((tool) => tool.name)).toEqual(GOOD_TOOLS);
        const result = await client.callTool('catalog-lookup', { q: 'tea' });
        expect(JSON.parse(firstText(result))).toEqual({ answer: 'lookup' });
      } finally {
        await client.close();
      }
      const warning = JSON.parse(
        server
          .stderr()
          .split('\n')
          .find((line) => line.includes('Skipping module broken')) ?? '{}',
      ) as Record<string, unknown>;
      expect(warning).toMatchObject({
        level: 40,
        moduleId: 'broken',
        file: join(dir, 'broken.mjs'),
        reason: SKIP_REASON,
        msg: `Skipping module broken (${join(dir, 'broken.mjs')}): ${SKIP_REASON}`,
      });
      expect(server.stderr()).toContain(
        `apcore-mcp: not serving module broken (broken.mjs): ${SKIP_REASON}\n`,
      );
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('over stdio: every other tool is listed', async () => {
    const client = await connectCliOverStdio(era, ['--extensions-dir', dir]);
    try {
      expect((await client.listTools()).map((tool) => tool.name)).toEqual(GOOD_TOOLS);
    } finally {
      await client.close();
    }
  });
});

describe('apcore-mcp tools list with a module whose schema is invalid', () => {
  it('lists the others and reports it, with its file and reason, on stderr and in the JSON', async () => {
    const table = await runCli(['tools', 'list', '--extensions-dir', dir]);
    expect(table.code).toBe(0);
    const names = table.stdout
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((line) => line.split(/\s+/)[0]);
    expect(names).toEqual(GOOD_TOOLS);
    expect(table.stderr).toBe(`Skipped 1 entry:\n  broken (broken.mjs): ${SKIP_REASON}\n3 tools\n`);
    const json = await runCli(['tools', 'list', '--json', '--extensions-dir', dir]);
    expect(JSON.parse(json.stdout).skipped).toEqual([
      { moduleId: 'broken', path: 'broken.mjs', reason: SKIP_REASON },
    ]);
  });
});
