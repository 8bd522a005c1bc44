import { join } from 'node:path';
import { defineModule } from '@apcore-mcp/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDir, removeTempDir } from './__fixtures__/temp-dir.js';
import { Registry } from './registry.js';

const MODULE_WITH_UI_FILE = `export default {
  description: 'Show a card',
  inputSchema: { type: 'object' },
  ui: './card.html',
  execute: () => ({}),
};
`;

const MODULE_WITH_UI_OBJECT = `export default {
  description: 'Show a chart',
  inputSchema: { type: 'object' },
  ui: { file: 'views/chart.html', csp: { resourceDomains: ['https://cdn.example.com'] } },
  execute: () => ({}),
};
`;

describe('a module UI', () => {
  let root: string;

  beforeAll(async () => {
    root = await createTempDir({
      'package.json': JSON.stringify({ type: 'module' }),
      'shop/card.js': MODULE_WITH_UI_FILE,
      'shop/chart.js': MODULE_WITH_UI_OBJECT,
    });
  });

  afterAll(() => removeTempDir(root));

  it('is resolved against the module file by discovery, whatever the working directory', async () => {
    const registry = new Registry({ extensionsDir: root });
    await registry.discover();

    expect(registry.getDefinition('shop.card')?.ui).toEqual({
      file: join(root, 'shop', 'card.html'),
    });
    expect(registry.getDefinition('shop.chart')?.ui).toEqual({
      file: join(root, 'shop', 'views', 'chart.html'),
      csp: { resourceDomains: ['https://cdn.example.com'] },
    });
  });

  it('keeps inline HTML and its metadata in the descriptor', () => {
    const registry = new Registry();
    registry.register(
      'shop.inline',
      defineModule({
        description: 'Inline view',
        inputSchema: { type: 'object' },
        ui: { html: '<p>hi</p>', permissions: { clipboardWrite: {} }, prefersBorder: true },
        execute: () => ({}),
      }),
    );

    expect(registry.getDefinition('shop.inline')?.ui).toEqual({
      html: '<p>hi</p>',
      permissions: { clipboardWrite: {} },
      prefersBorder: true,
    });
    expect(registry.getDefinition('shop.inline')).not.toHaveProperty('ui.file');
  });

  it('is refused when malformed, by defineModule and by register', () => {
    const definition = { description: 'x', inputSchema: {}, execute: () => ({}) };
    expect(() => defineModule({ ...definition, ui: { csp: {} } as never })).toThrow(
      'defineModule: ui needs exactly one of html and file',
    );
    expect(() =>
      new Registry().register('shop.bad', {
        ...definition,
        ui: { html: '<p/>', csp: { x: [] } } as never,
      }),
    ).toThrow(/Cannot register shop\.bad: module ui\.csp must be an object of string lists/);
  });
});
