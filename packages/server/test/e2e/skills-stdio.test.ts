import * as runtime from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import {
  type ClientEra,
  connectClient,
  type McpClientHandle,
} from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/index.js';
import { fixturePath, SERVER_ROOT } from '../helpers/fixture-path.js';
import { listAllSkills, rejection } from '../helpers/skill-requests.js';
import { createSkillsDir } from '../helpers/skills-dir.js';

const ERAS: ClientEra[] = ['2025-11-25', '2026-07-28'];

describe.each(ERAS)('skills over stdio, %s client', (era) => {
  let skillsDir: Awaited<ReturnType<typeof createSkillsDir>>;
  let client: McpClientHandle;
  beforeAll(async () => {
    skillsDir = await createSkillsDir();
    client = await connectClient({
      era,
      transport: 'stdio',
      command: process.execPath,
      args: [fixturePath('skills-server.mjs'), skillsDir.dir],
      cwd: SERVER_ROOT,
      stderr: 'ignore',
    });
  });
  afterAll(async () => {
    await client.close();
    await skillsDir.remove();
  });

  it('lists the skills and reads their files', async () => {
    expect((await listAllSkills(client)).uris).toEqual([
      'skill://catalog-help/SKILL.md',
      'skill://orders/SKILL.md',
      'skill://refunds/SKILL.md',
    ]);
    const read = await client.readResource('skill://orders/SKILL.md');
    expect(read.contents[0]).toMatchObject({
      uri: 'skill://orders/SKILL.md',
      mimeType: 'text/markdown',
    });
    expect(String(read.contents[0]?.text)).toContain('name: orders');
  });
});

describe('a server without skills', () => {
  it('answers no skills method', async () => {
    const server = await startServer(new runtime.Registry(), {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
    });
    // A 2025-11-25 session answers an unknown method -32601 in JSON-RPC itself.
    const client = await connectClient({
      era: '2025-11-25',
      transport: 'http',
      url: server.url ?? '',
    });
    try {
      expect((await rejection(client.request('skills/list'))).code).toBe(-32601);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
