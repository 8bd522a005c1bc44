import * as core from '@apcore-mcp/core';
import { describe, expect, it } from 'vitest';
import { MCPServerFactory } from './mcp-server-factory.js';
import { RegistryListener, type ToolChange } from './registry-listener.js';

function defineNoop() {
  return core.defineModule({
    description: 'Does nothing.',
    inputSchema: { type: 'object', properties: {} },
    execute: () => ({}),
  });
}

describe('RegistryListener', () => {
  it('follows register/unregister only between start and stop, reporting each change', () => {
    const registry = new core.Registry();
    registry.register('a.one', defineNoop());
    const listener = new RegistryListener({ registry, factory: new MCPServerFactory() });
    const changes: ToolChange[] = [];
    listener.onChange((change) => changes.push(change));
    listener.refresh();
    expect(changes).toEqual([{ type: 'added', name: 'a.one' }]);
    listener.start();
    listener.start();
    registry.register('a.two', defineNoop());
    registry.unregister('a.one');
    listener.stop();
    registry.register('a.three', defineNoop());
    expect(listener.list().map((tool) => tool.name)).toEqual(['a.two']);
    expect(changes.slice(1)).toEqual([
      { type: 'added', name: 'a.two' },
      { type: 'removed', name: 'a.one' },
    ]);
    expect(listener.listening).toBe(false);
  });

  it('keeps going when a subscriber throws', () => {
    const registry = new core.Registry();
    const listener = new RegistryListener({ registry, factory: new MCPServerFactory() });
    const seen: string[] = [];
    listener.onChange(() => {
      throw new Error('subscriber bug');
    });
    listener.onChange((change) => seen.push(change.name));
    listener.start();
    registry.register('a.one', defineNoop());
    expect(seen).toEqual(['a.one']);
    expect(listener.size).toBe(1);
  });

  it('ignores unregistering a module it does not serve', () => {
    const registry = new core.Registry();
    registry.register('x.hidden', defineNoop());
    const listener = new RegistryListener({
      registry,
      factory: new MCPServerFactory(),
      prefix: 'a.',
    });
    listener.refresh();
    listener.start();
    const changes: ToolChange[] = [];
    listener.onChange((change) => changes.push(change));
    registry.unregister('x.hidden');
    expect(changes).toEqual([]);
  });
});
