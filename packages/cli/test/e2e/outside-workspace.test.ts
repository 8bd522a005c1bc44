import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, cleanEnv, runCli } from '../helpers/cli-process.js';

/** Package managers point NODE_PATH at their store when running scripts; a user's shell does not. */
const USER_ENV = { NODE_PATH: '' };

const ECHO_JS = `import { defineModule } from '@apcore-mcp/core';
export default defineModule({
  description: 'Echo the text back.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  execute: ({ text }) => ({ text }),
});
`;

const SHOUT_TS = `import { defineModule, InvalidInputError } from '@apcore-mcp/core';
export default defineModule<{ text: string }>({
  description: 'Shout the text.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  execute: ({ text }) => {
    if (text === '') throw new InvalidInputError('Nothing to shout');
    return { text: text.toUpperCase() };
  },
});
`;

/**
 * An extensions directory the way a user keeps one: anywhere on disk, with no `node_modules`
 * and so no copy of `@apcore-mcp/core` of its own.
 */
async function createUserExtensions(packageJson: object | null): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-user-extensions-'));
  if (packageJson !== null) await writeFile(join(dir, 'package.json'), JSON.stringify(packageJson));
  await writeFile(join(dir, 'echo.js'), ECHO_JS);
  await writeFile(join(dir, 'shout.ts'), SHOUT_TS);
  return dir;
}

describe('an extensions directory without @apcore-mcp/core installed', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it.each([
    ['an ES module package', { type: 'module' }],
    ['a bare directory (TypeScript compiled as CommonJS)', null],
  ])('loads modules importing @apcore-mcp/core from %s', async (_label, packageJson) => {
    dir = await createUserExtensions(packageJson);
    const result = await runCli(['tools', 'list', '--json', '--extensions-dir', dir], {
      cwd: dir,
      env: USER_ENV,
    });
    expect(result.code).toBe(0);
    const { tools, skipped } = JSON.parse(result.stdout) as {
      tools: { name: string }[];
      skipped: unknown[];
    };
    expect(skipped).toEqual([]);
    expect(tools.map((tool) => tool.name)).toEqual(['echo', 'shout']);
  });

  it('serves them over stdio, errors from the runtime it lent them included', async () => {
    assertBuilt();
    dir = await createUserExtensions({ type: 'module' });
    const client = new Client({ name: 'outside-e2e', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, '--extensions-dir', dir],
        env: cleanEnv(USER_ENV),
        cwd: dir,
        stderr: 'ignore',
      }),
    );
    try {
      const shout = await client.callTool({ name: 'shout', arguments: { text: 'hi' } });
      expect(shout.content).toEqual([{ type: 'text', text: '{"text":"HI"}' }]);
      const empty = await client.callTool({ name: 'shout', arguments: { text: '' } });
      expect(empty).toMatchObject({
        isError: true,
        content: [
          { text: 'Invalid input: Nothing to shout' },
          { type: 'text' /* the AI guidance appendix */ },
        ],
      });
    } finally {
      await client.close();
    }
  });
});
