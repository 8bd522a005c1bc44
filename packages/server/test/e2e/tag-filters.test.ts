import { defineModule } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { type ClientEra, connectClient } from '@apcore-mcp/test-support/clients';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import type { ServeOptions } from '../../src/options/serve-options.js';

/** Four modules whose tags overlap, so each filter keeps a different set. */
function createTaggedRegistry(): Registry {
  const registry = new Registry();
  const tagged: Record<string, string[]> = {
    'orders.place': ['orders', 'public'],
    'orders.audit': ['orders', 'internal'],
    'catalog.get': ['catalog', 'public'],
    'reports.sales': ['reports'],
  };
  for (const [moduleId, tags] of Object.entries(tagged)) {
    registry.register(
      moduleId,
      defineModule({
        description: `The ${moduleId} module.`,
        inputSchema: { type: 'object', properties: {} },
        tags,
        execute: () => ({ moduleId }),
      }),
    );
  }
  return registry;
}

describe.each<ClientEra>(['2025-11-25', '2026-07-28'])('tag filters, %s client', (era) => {
  let server: ServerHandle | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function toolNames(options: ServeOptions): Promise<string[]> {
    const registry = createTaggedRegistry();
    server = await startServer(registry, {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
      ...options,
    });
    const client = await connectClient({ era, transport: 'http', url: server.url ?? '' });
    try {
      return (await client.listTools()).map((tool) => tool.name);
    } finally {
      await client.close();
      await server.close();
      server = undefined;
    }
  }

  it('keeps modules carrying all of tags', async () => {
    expect(await toolNames({ tags: ['orders', 'public'] })).toEqual(['orders-place']);
  });

  it('keeps modules carrying any of anyTags', async () => {
    expect(await toolNames({ anyTags: ['catalog', 'reports'] })).toEqual([
      'catalog-get',
      'reports-sales',
    ]);
  });

  it('drops modules carrying any of excludeTags', async () => {
    expect(await toolNames({ excludeTags: ['internal', 'reports'] })).toEqual([
      'catalog-get',
      'orders-place',
    ]);
  });

  it('combines all three and the prefix with AND', async () => {
    const options = { tags: ['public'], anyTags: ['orders', 'catalog'], excludeTags: ['catalog'] };
    expect(await toolNames(options)).toEqual(['orders-place']);
    expect(await toolNames({ anyTags: ['orders', 'catalog'], prefix: 'catalog.' })).toEqual([
      'catalog-get',
    ]);
  });
});

describe('tag filters on a dynamic registry', () => {
  it('judge a module registered while serving as at startup', async () => {
    const registry = createTaggedRegistry();
    const server = await startServer(registry, {
      transport: 'streamable-http',
      port: 0,
      dynamic: true,
      excludeTags: ['internal'],
      logger: createRecordingLogger(),
    });
    const client = await connectClient({
      era: '2026-07-28',
      transport: 'http',
      url: server.url ?? '',
    });
    try {
      for (const [moduleId, tags] of [
        ['late.hidden', ['internal']],
        ['late.shown', ['public']],
      ] as const) {
        registry.register(
          moduleId,
          defineModule({
            description: 'Late.',
            inputSchema: { type: 'object', properties: {} },
            tags: [...tags],
            execute: () => ({}),
          }),
        );
      }
      const names = (await client.listTools()).map((tool) => tool.name);
      expect(names).toContain('late-shown');
      expect(names).not.toContain('late-hidden');
      expect(names).not.toContain('orders-audit');
    } finally {
      await client.close();
      await server.close();
    }
  });

  it('refuses a tag list that is not a list of non-empty strings, naming the option', async () => {
    const registry = createTaggedRegistry();
    await expect(startServer(registry, { anyTags: 'orders' as never })).rejects.toThrow(
      /^anyTags must be an array of strings, got /,
    );
    await expect(startServer(registry, { excludeTags: [''] })).rejects.toThrow(
      'Tag values must not be empty',
    );
  });
});
