import { join } from 'node:path';
import { isDefinition } from '@apcore-mcp/core/bridge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDir, removeTempDir, writeFiles } from './__fixtures__/temp-dir.js';
import { Registry } from './registry.js';

// As in discover-definitions.test.ts: JavaScript files importing core by its package name.
const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ type: 'module' }),
  'events/stock-low.js': `import { defineEventType } from '@apcore-mcp/core';
export default defineEventType({
  name: 'stock.low',
  description: 'A SKU fell below its reorder level',
  inputSchema: { type: 'object', properties: { sku: { type: 'string' } } },
  payloadSchema: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] },
});
`,
};

describe('Registry.discover with event type files', () => {
  let root: string;

  beforeAll(async () => {
    root = await createTempDir(FILES);
  });

  afterAll(() => removeTempDir(root));

  it('finds an event type beside the modules, and reports one with a reserved name', async () => {
    await writeFiles(root, {
      'events/reserved.js': `import { defineEventType } from '@apcore-mcp/core';
export default defineEventType({ name: 'mcp.task.updated' });
`,
    });
    const registry = new Registry({ extensionsDir: root });
    const report = await registry.discoverDetailed();

    expect(report.loaded).toEqual([]);
    expect(report.definitions.map(({ path, definition }) => [path, definition.kind])).toEqual([
      [join(root, 'events/stock-low.js'), 'eventType'],
    ]);
    const [stockLow] = registry.definitions;
    expect(isDefinition(stockLow, 'eventType') && stockLow.replay).toBe(true);
    expect(report.failed).toEqual([
      {
        path: join(root, 'events/reserved.js'),
        reason: expect.stringContaining('starts with mcp., which is reserved'),
      },
    ]);
  });
});
