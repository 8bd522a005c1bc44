import * as core from '@apcore-mcp/core';
import * as runtime from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { type ClientEra, connectClient } from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { createSkillsDir } from '../helpers/skills-dir.js';

const ERAS: ClientEra[] = ['2025-11-25', '2026-07-28'];

describe('skill summaries in tool descriptions', () => {
  let skillsDir: Awaited<ReturnType<typeof createSkillsDir>>;
  const servers: ServerHandle[] = [];

  beforeAll(async () => {
    skillsDir = await createSkillsDir({
      'orders/SKILL.md':
        '---\nname: orders\ndescription: Look up orders\ntools: [orders.list]\n---\n# Orders\n\nCheck the status\nbefore a refund.\n\nMore.\n',
    });
  });
  afterAll(async () => {
    await Promise.allSettled(servers.map((server) => server.close()));
    await skillsDir.remove();
  });

  async function descriptionsWith(skillSummaries: boolean | undefined, era: ClientEra) {
    const registry = new runtime.Registry();
    for (const moduleId of ['orders.list', 'catalog.search']) {
      const description = `Runs ${moduleId}.`;
      const inputSchema = { type: 'object', properties: {} };
      registry.register(
        moduleId,
        core.defineModule({ description, inputSchema, execute: () => ({}) }),
      );
    }
    const server = await startServer(registry, {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
      skills: skillsDir.dir,
      ...(skillSummaries !== undefined && { skillSummaries }),
    });
    servers.push(server);
    const client = await connectClient({ era, transport: 'http', url: server.url ?? '' });
    try {
      const tools = await client.listTools();
      return Object.fromEntries(tools.map((tool) => [tool.name, tool.description]));
    } finally {
      await client.close();
    }
  }

  it.each(ERAS)('end a linked tool with its skill first paragraph when asked (%s)', async (era) => {
    expect(await descriptionsWith(true, era)).toEqual({
      'orders-list': 'Runs orders.list.\n\nCheck the status before a refund.',
      'catalog-search': 'Runs catalog.search.',
    });
  });

  it('leaves descriptions alone by default', async () => {
    expect(await descriptionsWith(undefined, '2025-11-25')).toEqual({
      'orders-list': 'Runs orders.list.',
      'catalog-search': 'Runs catalog.search.',
    });
  });
});
