import { definePrompt, defineResourceTemplate } from '@apcore-mcp/core';
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport, type McpServer, type Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import type { AttachedTools } from '../../src/index.js';
import {
  attachTo,
  createExecutor,
  createHighLevelHost,
  createLowLevelHost,
} from '../helpers/attach-hosts.js';
import { createSkillsDir } from '../helpers/skills-dir.js';

type Era = '2025-11-25' | '2026-07-28';

const greet = definePrompt({
  name: 'greet',
  description: 'Greets someone.',
  arguments: [
    {
      name: 'who',
      required: true,
      complete: (value) => ['Ann', 'Anton'].filter((name) => name.startsWith(value)),
    },
  ],
  get: ({ who }) => `Hello ${who}`,
});

const order = defineResourceTemplate({
  uriTemplate: 'orders://{id}',
  name: 'order',
  read: ({ id }) => `Order ${id}`,
});

async function connect(server: McpServer | Server, era: Era) {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  serveStdio(() => server, { transport: serverTransport });
  const client =
    era === '2025-11-25'
      ? new LegacyClient({ name: 'attach-surface', version: '1.0.0' })
      : new ModernClient(
          { name: 'attach-surface', version: '1.0.0' },
          { versionNegotiation: { mode: { pin: '2026-07-28' } } },
        );
  await client.connect(clientTransport);
  return client as LegacyClient;
}

const hosts = [
  ['McpServer', createHighLevelHost],
  ['low-level Server', createLowLevelHost],
] as const;

describe.each(hosts)('the surface attached to an %s', (_kind, createHost) => {
  let host: McpServer | Server | undefined;
  let attached: AttachedTools | undefined;
  let skills: Awaited<ReturnType<typeof createSkillsDir>> | undefined;
  afterEach(async () => {
    attached?.detach();
    await host?.close();
    await skills?.remove();
    host = undefined;
  });

  it.each<Era>(['2025-11-25', '2026-07-28'])(
    'serves prompts with completions, templates, skills and UIs beside the host’s tool (%s)',
    async (era) => {
      skills = await createSkillsDir({
        'adding/SKILL.md': '---\nname: adding\ndescription: Add numbers\n---\n# Adding\n',
      });
      host = createHost();
      attached = await attachTo(host, createExecutor().executor, {
        prompts: [greet],
        resourceTemplates: [order],
        skills: skills.dir,
      });
      const client = await connect(host, era);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('ping');
      const prompts = (await client.listPrompts()).prompts.map((prompt) => prompt.name);
      expect(prompts).toEqual(['greet']);
      const prompt = await client.getPrompt({ name: 'greet', arguments: { who: 'Ann' } });
      expect(prompt.messages[0]?.content).toMatchObject({ text: 'Hello Ann' });
      const completion = await client.complete({
        ref: { type: 'ref/prompt', name: 'greet' },
        argument: { name: 'who', value: 'An' },
      });
      expect(completion.completion.values).toEqual(['Ann', 'Anton']);
      const templates = (await client.listResourceTemplates()).resourceTemplates;
      expect(templates.map((template) => template.uriTemplate)).toEqual(['orders://{id}']);
      const read = await client.readResource({ uri: 'orders://42' });
      expect(read.contents[0]).toMatchObject({ text: 'Order 42' });
      const skill = await client.readResource({ uri: 'skill://adding/SKILL.md' });
      expect(skill.contents[0]).toMatchObject({ text: expect.stringContaining('# Adding') });
      const ui = await client.readResource({ uri: 'ui://math.add/app.html' });
      expect(ui.contents[0]).toMatchObject({ text: '<p>math.add</p>' });
    },
  );

  it('detach gives the host back exactly its own surface', async () => {
    host = createHost();
    const before = JSON.stringify(lowLevelOf(host).getCapabilities());
    const mine = await attachTo(host, createExecutor().executor, {
      prompts: [greet],
      resourceTemplates: [order],
    });
    mine.detach();
    const after = lowLevelOf(host).getCapabilities() as Record<string, unknown>;
    // Capabilities the host had come back as they were; the SDK cannot withdraw new ones.
    const had = JSON.parse(before) as Record<string, unknown>;
    for (const [key, value] of Object.entries(had)) expect(after[key]).toEqual(value);
    const client = await connect(host, '2025-11-25');
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['ping']);
    // An McpServer keeps answering the lists it once served (empty); a low-level host -32601.
    const prompts = await client.listPrompts().then(
      (result) => result.prompts,
      () => [],
    );
    expect(prompts).toEqual([]);
    await expect(client.readResource({ uri: 'orders://1' })).rejects.toThrow();
  });
});

function lowLevelOf(host: McpServer | Server): Server {
  return 'server' in host ? host.server : host;
}
