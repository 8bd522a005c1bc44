import * as runtime from '@apcore-mcp/runtime';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { describe, expect, it } from 'vitest';
import { SUBJECT_HEADER, startManaged } from '../helpers/managed-server.js';

describe('the registration ladder', () => {
  it.each([
    [undefined, undefined, 0],
    [true, ['health', 'usage', 'manifest'], 0],
    [{ control: true }, ['health', 'usage', 'manifest', 'control'], 3],
  ] as const)(
    'sysModules %j advertises %j and %d control tools',
    async (sysModules, surfaces, controls) => {
      const registry = new runtime.Registry();
      const server = await startManaged(registry, sysModules === undefined ? {} : { sysModules });
      const client = await connectClient({
        era: '2026-07-28',
        transport: 'http',
        url: server.url ?? '',
        headers: { [SUBJECT_HEADER]: 'ann' },
      });
      try {
        const extensions = (client.serverCapabilities().extensions ?? {}) as Record<
          string,
          unknown
        >;
        expect(extensions['com.aiperceivable/management']).toEqual(
          surfaces === undefined ? undefined : { surfaces, protocolVersion: '1.30.0' },
        );
        const tools = await client.listTools();
        expect(tools.filter((tool) => tool.name.startsWith('system.'))).toHaveLength(controls);
        const resources = await client.listResources();
        expect(resources.filter((entry) => String(entry.uri).startsWith('apcore://'))).toHaveLength(
          surfaces === undefined ? 0 : 3,
        );
      } finally {
        await client.close();
        await server.close();
      }
      expect(registry.list()).toEqual([]);
    },
  );
});
