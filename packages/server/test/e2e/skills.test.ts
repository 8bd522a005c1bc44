import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as core from '@apcore-mcp/core';
import * as runtime from '@apcore-mcp/runtime';
import { createRecordingLogger, type RecordingLogger } from '@apcore-mcp/test-support';
import {
  type ClientEra,
  connectClient,
  type McpClientHandle,
} from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import {
  listAllSkills,
  readWholeDirectory,
  rejection,
  type SkillEntry,
} from '../helpers/skill-requests.js';
import { createSkillsDir } from '../helpers/skills-dir.js';
import { SUBJECT_HEADER } from '../helpers/subject-clients.js';

const SUBJECTS: Record<string, core.Identity> = {
  ann: { id: 'ann', type: 'user', roles: ['staff'] },
  bob: { id: 'bob', type: 'user', roles: ['customer'] },
};
const ERAS: ClientEra[] = ['2025-11-25', '2026-07-28'];

function defineModule(moduleId: string) {
  return core.defineModule({
    description: `Runs ${moduleId}.`,
    inputSchema: { type: 'object', properties: {} },
    execute: () => ({ ran: moduleId }),
  });
}

describe('skills over Streamable HTTP', () => {
  let skillsDir: Awaited<ReturnType<typeof createSkillsDir>>;
  let server: ServerHandle;
  let logger: RecordingLogger;
  const clients: McpClientHandle[] = [];

  beforeAll(async () => {
    skillsDir = await createSkillsDir();
    const registry = new runtime.Registry();
    for (const moduleId of ['orders.list', 'orders.refund', 'catalog.search']) {
      registry.register(moduleId, defineModule(moduleId));
    }
    const acl = runtime.ACL.fromObject({
      rules: [
        {
          callers: ['*'],
          targets: ['orders.refund'],
          effect: 'allow',
          conditions: { roles: ['staff'] },
        },
        { callers: ['*'], targets: ['orders.list', 'catalog.search'], effect: 'allow' },
      ],
    });
    logger = createRecordingLogger();
    server = await startServer(new runtime.Executor(registry, { acl }), {
      transport: 'streamable-http',
      port: 0,
      logger,
      skills: { dir: skillsDir.dir, pageSize: 2 },
      authenticate: (request) => SUBJECTS[String(request.headers[SUBJECT_HEADER])] ?? null,
    });
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((client) => client.close()));
    await server.close();
    await skillsDir.remove();
  });

  async function connectAs(subject: string, era: ClientEra): Promise<McpClientHandle> {
    const client = await connectClient({
      era,
      transport: 'http',
      url: server.url ?? '',
      headers: { [SUBJECT_HEADER]: subject },
    });
    clients.push(client);
    return client;
  }

  it('skips each bad SKILL.md with a warning naming its file and line, and serves the rest', () => {
    const warnings = logger.warnings();
    expect(warnings).toContainEqual(expect.stringContaining(`${join('misnamed', 'SKILL.md')}:3`));
    expect(warnings).toContainEqual(expect.stringContaining(`${join('broken', 'SKILL.md')}:3`));
    expect(warnings).toContainEqual(expect.stringContaining(`${join('bad-tools', 'SKILL.md')}:4`));
  });

  describe.each(ERAS)('%s client', (era) => {
    it('lists, page by page, the skills whose tools each subject may call', async () => {
      const ann = await connectAs('ann', era);
      const bob = await connectAs('bob', era);
      expect(await listAllSkills(ann)).toEqual({
        uris: [
          'skill://catalog-help/SKILL.md',
          'skill://orders/SKILL.md',
          'skill://refunds/SKILL.md',
        ],
        pages: 2,
      });
      expect((await listAllSkills(bob)).uris).toEqual([
        'skill://catalog-help/SKILL.md',
        'skill://orders/SKILL.md',
      ]);
      const refused = await rejection(
        bob.request('skills/get', { uri: 'skill://refunds/SKILL.md' }),
      );
      expect(refused.code).toBe(-32602);
    });

    it('describes a skill with the digest and size of each file, and links it with its tools', async () => {
      const ann = await connectAs('ann', era);
      const { skill } = (await ann.request('skills/get', { uri: 'skill://orders/SKILL.md' })) as {
        skill: SkillEntry;
      };
      expect(skill.frontmatter).toEqual({
        name: 'orders',
        description: 'Look up orders',
        tools: ['orders.list'],
      });
      expect(skill._meta?.['apcore/tools']).toEqual(['orders-list']);
      const files = [
        'SKILL.md',
        'references/GUIDE.md',
        'references/deep/FIELDS.md',
        'scripts/check.py',
      ];
      const expected = await Promise.all(
        files.map(async (path) => {
          const bytes = await readFile(join(skillsDir.dir, 'orders', path));
          const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
          return { uri: `skill://orders/${path}`, digest, size: bytes.byteLength };
        }),
      );
      expect(skill.resources).toEqual(expect.arrayContaining(expected));
      expect(skill.resources).toHaveLength(files.length);
      const listed = await ann.listTools();
      const ordersList = listed.find((tool) => tool.name === 'orders-list');
      expect(ordersList?._meta?.['apcore/skills']).toEqual([
        'skill://orders/SKILL.md',
        'skill://refunds/SKILL.md',
      ]);
    });

    it('serves each SKILL.md as a resource and reads nested files, as the subject may see them', async () => {
      const bob = await connectAs('bob', era);
      const resources = await bob.listResources();
      expect(resources).toContainEqual({
        uri: 'skill://orders/SKILL.md',
        name: 'orders',
        description: 'Look up orders',
        mimeType: 'text/markdown',
      });
      expect(resources.map((resource) => resource.uri)).not.toContain('skill://refunds/SKILL.md');
      const read = await bob.readResource('skill://orders/references/deep/FIELDS.md');
      expect(read.contents).toEqual([
        {
          uri: 'skill://orders/references/deep/FIELDS.md',
          mimeType: 'text/markdown',
          text: '# Fields\nid, status, total\n',
        },
      ]);
      await expect(bob.readResource('skill://refunds/SKILL.md')).rejects.toThrow(/not found/i);
    });

    it('reads a skill directory and its sub-folders page by page', async () => {
      const ann = await connectAs('ann', era);
      expect(await readWholeDirectory(ann, 'skill://orders')).toEqual([
        {
          uri: 'skill://orders/SKILL.md',
          name: 'SKILL.md',
          mimeType: 'text/markdown',
          size: expect.any(Number),
        },
        { uri: 'skill://orders/references', name: 'references', mimeType: 'inode/directory' },
        { uri: 'skill://orders/scripts', name: 'scripts', mimeType: 'inode/directory' },
      ]);
      expect(
        (await readWholeDirectory(ann, 'skill://orders/references')).map((child) => child.uri),
      ).toEqual(['skill://orders/references/GUIDE.md', 'skill://orders/references/deep']);
      const notADirectory = await rejection(
        ann.request('resources/directory/read', { uri: 'skill://orders/SKILL.md' }),
      );
      expect(notADirectory.code).toBe(-32602);
    });
  });

  it('reads the directory again on definitionsChanged() and announces the change', async () => {
    const ann = await connectAs('ann', '2025-11-25');
    const heard: string[] = [];
    let announced: () => void = () => {};
    const resourcesChanged = new Promise<void>((resolve) => {
      announced = resolve;
    });
    const listening = await ann.listenForListChanges((list) => {
      heard.push(list);
      if (list === 'resources') announced();
    });
    await skillsDir.write('returns/SKILL.md', '---\nname: returns\ndescription: Returns\n---\n');
    server.definitionsChanged();
    await resourcesChanged;
    await listening.close();
    expect((await listAllSkills(ann)).uris).toContain('skill://returns/SKILL.md');
  });
});
