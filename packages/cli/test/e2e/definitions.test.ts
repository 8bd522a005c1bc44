import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { findFreePort } from '@apcore-mcp/test-support';
import { type ChangedList, type ClientEra, connectClient } from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  httpServeArgs,
  SERVING_LINE,
  type ServerProcess,
  startCli,
} from '../helpers/cli-process.js';

const WAIT = { timeout: 15_000, interval: 100 };

function resourceSource(uri: string, text: string): string {
  return `import { defineResource } from '@apcore-mcp/core';
export default defineResource({ uri: ${JSON.stringify(uri)}, name: 'notes', read: () => ${JSON.stringify(text)} });
`;
}

// A module, a resource in JavaScript, a resource template and a prompt in TypeScript, as a user
// writes them.
const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ type: 'module' }),
  'greet.mjs': `export default {
  description: 'Greet',
  inputSchema: { type: 'object', properties: {} },
  execute: () => ({ hello: true }),
};
`,
  'notes.mjs': resourceSource('notes://today', 'Buy tea'),
  'users.ts': `import { defineResourceTemplate } from '@apcore-mcp/core';
export default defineResourceTemplate({
  uriTemplate: 'users://{id}/profile',
  name: 'profile',
  mimeType: 'application/json',
  read: ({ id }: Readonly<Record<string, string>>): string => JSON.stringify({ id }),
});
`,
  'prompts/greet.ts': `import { definePrompt } from '@apcore-mcp/core';
export default definePrompt({
  name: 'greet',
  description: 'Greet someone',
  arguments: [{ name: 'who', required: true }],
  get: ({ who }: Readonly<Record<string, string>>) => 'Say hello to ' + who,
});
`,
};

describe('apcore-mcp serving the definition files of an extensions directory', () => {
  let dir: string;
  let server: ServerProcess;
  let url: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-definitions-'));
    for (const [name, content] of Object.entries(FILES)) {
      await mkdir(dirname(join(dir, name)), { recursive: true });
      await writeFile(join(dir, name), content);
    }
    server = startCli(httpServeArgs(dir, await findFreePort(), ['--watch']));
    [, , url = ''] = await server.waitForStderr(SERVING_LINE);
    await server.waitForStderr(/Watching .+ for module changes/);
  });

  afterAll(async () => {
    expect(await server.stop()).toBe(0);
    await rm(dir, { recursive: true, force: true });
  });

  it.each(['2025-11-25', '2026-07-28'] as ClientEra[])(
    'serves the module as a tool and the files as resources and prompts to a %s client',
    async (era) => {
      const client = await connectClient({ era, transport: 'http', url });
      try {
        expect((await client.listTools()).map((tool) => tool.name)).toEqual(['greet']);
        expect(await client.listResources()).toContainEqual({
          uri: 'notes://today',
          name: 'notes',
        });
        expect((await client.readResource('notes://today')).contents).toEqual([
          { uri: 'notes://today', mimeType: 'text/plain', text: 'Buy tea' },
        ]);
        expect(await client.listResourceTemplates()).toEqual([
          { uriTemplate: 'users://{id}/profile', name: 'profile', mimeType: 'application/json' },
        ]);
        const [profile] = (await client.readResource('users://7/profile')).contents;
        expect(profile?.text).toBe('{"id":"7"}');
        expect(await client.listPrompts()).toEqual([
          {
            name: 'greet',
            description: 'Greet someone',
            arguments: [{ name: 'who', required: true }],
          },
        ]);
        expect((await client.getPrompt('greet', { who: 'Ada' })).messages).toEqual([
          { role: 'user', content: { type: 'text', text: 'Say hello to Ada' } },
        ]);
      } finally {
        await client.close();
      }
    },
  );

  it.each(['2025-11-25', '2026-07-28'] as ClientEra[])(
    'tells a %s client when a definition file is added or deleted under --watch',
    async (era) => {
      const client = await connectClient({ era, transport: 'http', url });
      const suffix = era.slice(0, 4);
      const heard: ChangedList[] = [];
      const count = (list: ChangedList) => heard.filter((heardList) => heardList === list).length;
      try {
        const listening = await client.listenForListChanges((list) => heard.push(list));
        await writeFile(join(dir, `extra-${suffix}.mjs`), resourceSource(`extra://${suffix}`, 'x'));
        await vi.waitFor(() => expect(count('resources')).toBeGreaterThan(0), WAIT);
        await writeFile(
          join(dir, 'prompts', `farewell-${suffix}.mjs`),
          `import { definePrompt } from '@apcore-mcp/core';
export default definePrompt({ name: 'farewell-${suffix}', get: () => 'Say goodbye' });
`,
        );
        await vi.waitFor(() => expect(count('prompts')).toBeGreaterThan(0), WAIT);
        const prompts = (await client.listPrompts()).map((prompt) => prompt.name);
        expect(prompts).toContain(`farewell-${suffix}`);
        const resourcesHeard = count('resources');
        await unlink(join(dir, `extra-${suffix}.mjs`));
        await vi.waitFor(() => expect(count('resources')).toBeGreaterThan(resourcesHeard), WAIT);
        const uris = (await client.listResources()).map((resource) => resource.uri);
        expect(uris).not.toContain(`extra://${suffix}`);
        expect(heard).not.toContain('tools');
        await listening.close();
      } finally {
        await client.close();
      }
    },
  );

  it('reloads, adds and removes definition files under --watch', async () => {
    const client = await connectClient({ era: '2026-07-28', transport: 'http', url });
    const textOf = async (uri: string) => (await client.readResource(uri)).contents[0]?.text;
    try {
      await writeFile(join(dir, 'notes.mjs'), resourceSource('notes://today', 'Buy coffee'));
      await vi.waitFor(async () => expect(await textOf('notes://today')).toBe('Buy coffee'), WAIT);
      await writeFile(join(dir, 'more.mjs'), resourceSource('notes://tomorrow', 'Rest'));
      await vi.waitFor(async () => expect(await textOf('notes://tomorrow')).toBe('Rest'), WAIT);
      await unlink(join(dir, 'more.mjs'));
      await vi.waitFor(async () => {
        const uris = (await client.listResources()).map((resource) => resource.uri);
        expect(uris).not.toContain('notes://tomorrow');
      }, WAIT);
      expect(server.stderr()).toMatch(/Removed resource notes:\/\/tomorrow: more\.mjs is gone/);
    } finally {
      await client.close();
    }
  });
});
