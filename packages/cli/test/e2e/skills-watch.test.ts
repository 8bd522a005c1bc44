import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '@apcore-mcp/test-support';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  httpServeArgs,
  SERVING_LINE,
  type ServerProcess,
  startCli,
} from '../helpers/cli-process.js';

const WAIT_MS = 15_000;

let root: string;
let server: ServerProcess;
let client: Client;
let resourcesChanged: Promise<void>;

async function writeSkill(path: string, text: string): Promise<void> {
  await mkdir(join(root, 'skills', path, '..'), { recursive: true });
  await writeFile(join(root, 'skills', path), text);
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'apcore-mcp-skills-watch-'));
  await mkdir(join(root, 'extensions'));
  await writeFile(
    join(root, 'extensions', 'greet.mjs'),
    `export default { description: 'Greet', inputSchema: { type: 'object', properties: {} }, execute: () => ({ answer: 'hi' }) };\n`,
  );
  await writeSkill(
    'greeting/SKILL.md',
    '---\nname: greeting\ndescription: Greet people\ntools: [greet]\n---\n',
  );
  await writeSkill('wrong/SKILL.md', '---\nname: right\ndescription: Misnamed\n---\n');
  const args = httpServeArgs(join(root, 'extensions'), await findFreePort(), [
    '--skills-dir',
    join(root, 'skills'),
    '--watch',
  ]);
  server = startCli(args);
  const [, , url] = await server.waitForStderr(SERVING_LINE);
  client = new Client({ name: 'skills-watch-e2e', version: '1.0.0' });
  resourcesChanged = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`never heard\n${server.stderr()}`)), WAIT_MS);
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      clearTimeout(timer);
      resolve();
    });
  });
  // Never left unhandled when a test does not wait for it.
  resourcesChanged.catch(() => {});
  await client.connect(new StreamableHTTPClientTransport(new URL(url as string)));
});

afterEach(async () => {
  await client.close();
  expect(await server.stop()).toBe(0);
  await rm(root, { recursive: true, force: true });
});

describe('apcore-mcp --skills-dir', () => {
  it('serves the good skills, links them with their tools and warns of a bad SKILL.md by line', async () => {
    expect(server.stderr()).toMatch(/wrong[/\\]SKILL\.md:2/);
    const uris = (await client.listResources()).resources.map((resource) => resource.uri);
    expect(uris).toContain('skill://greeting/SKILL.md');
    expect(uris).not.toContain('skill://wrong/SKILL.md');
    const [greet] = (await client.listTools()).tools;
    expect(greet?._meta?.['apcore/skills']).toEqual(['skill://greeting/SKILL.md']);
  });

  it('under --watch, serves a skill written later and tells clients the resources changed', async () => {
    await writeSkill('farewell/SKILL.md', '---\nname: farewell\ndescription: Say goodbye\n---\n');
    await resourcesChanged;
    const uris = (await client.listResources()).resources.map((resource) => resource.uri);
    expect(uris).toContain('skill://farewell/SKILL.md');
  });
});
