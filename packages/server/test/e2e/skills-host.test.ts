import * as core from '@apcore-mcp/core';
import * as runtime from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServeOptions, type ServerHandle, startServer } from '../../src/index.js';
import { createSkillsDir } from '../helpers/skills-dir.js';

// The SDK's own host side of the skills extension: it checks every entry it lists and every
// file it reads (size, digest, and a SKILL.md's front matter against its entry).
describe('skills as the 2.x SDK host reads and verifies them', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function connect(options: Partial<ServeOptions>): Promise<SkillsClient> {
    const registry = new runtime.Registry();
    for (const moduleId of ['orders.list', 'orders.refund']) {
      registry.register(
        moduleId,
        core.defineModule({
          description: `Runs ${moduleId}.`,
          inputSchema: { type: 'object', properties: {} },
          execute: () => ({ ran: moduleId }),
        }),
      );
    }
    const server: ServerHandle = await startServer(registry, {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
      ...options,
    });
    cleanups.push(() => server.close());
    const client = new Client(
      { name: 'skills-host', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url ?? '')));
    cleanups.push(() => client.close());
    return new SkillsClient(client);
  }

  it('lists, reads and verifies every file of a skill, and walks its folders', async () => {
    const skillsDir = await createSkillsDir();
    cleanups.push(() => skillsDir.remove());
    const skills = await connect({ skills: { dir: skillsDir.dir, pageSize: 1 } });
    expect(skills.supported).toBe(true);
    expect(skills.directoryRead).toBe(true);
    const listing = await skills.list();
    expect(listing.invalid).toEqual([]);
    expect(listing.skills.map((skill) => skill.uri)).toEqual([
      'skill://catalog-help/SKILL.md',
      'skill://orders/SKILL.md',
      'skill://refunds/SKILL.md',
    ]);
    const orders = listing.skills[1];
    if (orders === undefined || orders.resources === 'dynamic') throw new Error('no orders skill');
    for (const { uri } of orders.resources) {
      const file = await skills.read(orders, uri);
      expect(file.verified).toBe(true);
    }
    const manifest = await skills.read(orders);
    expect(manifest.body).toBe('# Orders\nCall orders-list.\n');
    const { resources } = await skills.readDirectory('skill://orders/references');
    expect(resources.map((child) => child.uri)).toEqual([
      'skill://orders/references/GUIDE.md',
      'skill://orders/references/deep',
    ]);
  });

  it('finds no extension on a server without skills', async () => {
    const skills = await connect({});
    expect(skills.supported).toBe(false);
    expect((await skills.list()).skills).toEqual([]);
  });

  it('finds no extension on a server whose skills directory holds no skill', async () => {
    const skillsDir = await createSkillsDir({ 'notes/README.md': '# Not a skill\n' });
    cleanups.push(() => skillsDir.remove());
    const skills = await connect({ skills: skillsDir.dir });
    expect(skills.supported).toBe(false);
  });
});
