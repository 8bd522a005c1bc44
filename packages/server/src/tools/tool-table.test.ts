import * as core from '@apcore-mcp/core';
import * as coreBridge from '@apcore-mcp/core/bridge';
import * as runtime from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { ToolBuilder } from './tool-builder.js';
import { ToolTable } from './tool-table.js';
import type { ToolChange } from './tool-table-options.js';

function defineNoop() {
  return core.defineModule({
    description: 'Does nothing.',
    inputSchema: { type: 'object', properties: {} },
    execute: () => ({}),
  });
}

describe('ToolTable', () => {
  it('follows register/unregister only between start and stop, reporting each change', () => {
    const registry = new runtime.Registry();
    registry.register('a.one', defineNoop());
    const listener = new ToolTable({ registry, builder: new ToolBuilder() });
    const changes: ToolChange[] = [];
    listener.onChange((change) => changes.push(change));
    listener.refresh();
    expect(changes).toEqual([{ type: 'added', name: 'a-one', moduleId: 'a.one' }]);
    listener.start();
    listener.start();
    registry.register('a.two', defineNoop());
    registry.unregister('a.one');
    listener.stop();
    registry.register('a.three', defineNoop());
    expect(listener.list().map((served) => served.tool.name)).toEqual(['a-two']);
    expect(changes.slice(1)).toEqual([
      { type: 'added', name: 'a-two', moduleId: 'a.two' },
      { type: 'removed', name: 'a-one', moduleId: 'a.one' },
    ]);
    expect(listener.listening).toBe(false);
  });

  it('tells which modules it does not serve, until one is served or unregistered', () => {
    const registry = new runtime.Registry();
    const broken = core.defineModule({
      description: 'Broken.',
      inputSchema: { type: 'object', required: 'x' },
      execute: () => ({}),
    });
    registry.register('a.broken', broken, { file: '/ext/a/broken.js' });
    const table = new ToolTable({ registry, builder: new ToolBuilder() });
    table.refresh();
    table.start();
    expect(table.skipped()).toEqual([
      {
        moduleId: 'a.broken',
        file: '/ext/a/broken.js',
        reason: 'its input schema is not valid JSON Schema: /required: must be array (got "x")',
      },
    ]);
    // The file is fixed: the old module goes, the new one is served.
    registry.unregister('a.broken');
    expect(table.skipped()).toEqual([]);
    registry.register('a.broken', defineNoop());
    expect(table.list().map((served) => served.moduleId)).toEqual(['a.broken']);
    // And broken again: the tool goes, the module is listed as not served.
    registry.unregister('a.broken');
    registry.register('a.broken', broken);
    expect(table.size).toBe(0);
    expect(table.skipped().map((entry) => entry.moduleId)).toEqual(['a.broken']);
  });

  it('keeps going when a subscriber throws', () => {
    const registry = new runtime.Registry();
    const listener = new ToolTable({ registry, builder: new ToolBuilder() });
    const seen: string[] = [];
    listener.onChange(() => {
      throw new Error('subscriber bug');
    });
    listener.onChange((change) => seen.push(change.name));
    listener.start();
    registry.register('a.one', defineNoop());
    expect(seen).toEqual(['a-one']);
    expect(listener.size).toBe(1);
  });

  it('ignores unregistering a module it does not serve', () => {
    const registry = new runtime.Registry();
    registry.register('x.hidden', defineNoop());
    const listener = new ToolTable({
      registry,
      builder: new ToolBuilder(),
      prefix: 'a.',
    });
    listener.refresh();
    listener.start();
    const changes: ToolChange[] = [];
    listener.onChange((change) => changes.push(change));
    registry.unregister('x.hidden');
    expect(changes).toEqual([]);
  });

  it('finds a served tool by its name and by its module id, shortened names included', () => {
    const registry = new runtime.Registry();
    const longId = `reports.${'quarterly_'.repeat(7)}summary`;
    registry.register(longId, defineNoop());
    const listener = new ToolTable({ registry, builder: new ToolBuilder() });
    listener.refresh();
    const name = coreBridge.toToolName(longId);
    expect(listener.get(name)?.moduleId).toBe(longId);
    expect(listener.getByModuleId(longId)?.tool.name).toBe(name);
    expect(listener.get(longId)).toBeUndefined();
  });

  it('skips a registered module whose name another module holds, warning with both ids', () => {
    // Two long ids with one head and one hash: found by search.
    const first = 'reports.quarterly_revenue_by_region_and_product_line.variant_v9tzx';
    const second = 'reports.quarterly_revenue_by_region_and_product_line.variant_vg1cd';
    const registry = new runtime.Registry();
    registry.register(first, defineNoop());
    const logger = createRecordingLogger();
    const listener = new ToolTable({ registry, builder: new ToolBuilder(), logger });
    listener.refresh();
    listener.start();
    const changes: ToolChange[] = [];
    listener.onChange((change) => changes.push(change));
    registry.register(second, defineNoop());
    expect(changes).toEqual([]);
    expect(listener.get(coreBridge.toToolName(first))?.moduleId).toBe(first);
    expect(logger.messages('warn')).toEqual([
      `Skipping module ${second}: its tool name "${coreBridge.toToolName(first)}" is already served for module ${first}`,
    ]);
    // Once the holder is gone, the name is free again.
    registry.unregister(first);
    registry.unregister(second);
    registry.register(second, defineNoop());
    expect(listener.get(coreBridge.toToolName(second))?.moduleId).toBe(second);
  });

  it('refuses to start over two modules with one name', () => {
    const registry = new runtime.Registry();
    registry.register(
      'reports.quarterly_revenue_by_region_and_product_line.variant_v9tzx',
      defineNoop(),
    );
    registry.register(
      'reports.quarterly_revenue_by_region_and_product_line.variant_vg1cd',
      defineNoop(),
    );
    const listener = new ToolTable({ registry, builder: new ToolBuilder() });
    expect(() => listener.refresh()).toThrow(/would both be served as the tool/);
    expect(listener.size).toBe(0);
  });

  it('refuses to follow a registry that cannot report changes', () => {
    const registry = new runtime.Registry();
    const readOnly = {
      list: () => registry.list(),
      getDefinition: (id: string) => registry.getDefinition(id),
    };
    const listener = new ToolTable({
      registry: readOnly as unknown as coreBridge.RegistryLike,
      builder: new ToolBuilder(),
    });
    expect(listener.refresh().tools).toEqual([]);
    expect(() => listener.start()).toThrow(
      new TypeError(
        'dynamic needs a registry with on(event, callback); this one cannot report changes',
      ),
    );
  });
});
