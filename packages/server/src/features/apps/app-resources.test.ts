import { defineModule } from '@apcore-mcp/core';
import type { RegistryLike } from '@apcore-mcp/core/bridge';
import { Registry } from '@apcore-mcp/runtime';
import { describe, expect, it } from 'vitest';
import { ToolBuilder } from '../../tools/tool-builder.js';
import { ToolTable } from '../../tools/tool-table.js';
import { AppResources } from './app-resources.js';

function defineNoop(ui?: { html: string }) {
  return defineModule({
    description: 'Does nothing.',
    inputSchema: { type: 'object', properties: {} },
    execute: () => ({}),
    ...(ui === undefined ? {} : { ui }),
  });
}

/** The registry as the apps see it, noting each module whose descriptor they read. */
function recordingReads(registry: RegistryLike, reads: string[]): RegistryLike {
  return {
    list: (options) => registry.list(options),
    getDefinition: (moduleId, options) => {
      reads.push(moduleId);
      return registry.getDefinition(moduleId, options);
    },
    on: (event, listener) => registry.on(event, listener),
  };
}

describe('AppResources: the UI folders taken as tools are added', () => {
  it('reads the descriptor of a module with a UI only, once per added tool', () => {
    const registry = new Registry();
    for (let index = 0; index < 20; index += 1) registry.register(`plain.m${index}`, defineNoop());
    registry.register('shop.card', defineNoop({ html: '<p>card</p>' }));
    const tools = new ToolTable({ registry, builder: new ToolBuilder() });
    const reads: string[] = [];
    const apps = new AppResources({ registry: recordingReads(registry, reads), tools });
    tools.onChange((change) => {
      if (change.type !== 'removed') apps.confineUiFoldersOf(change.name);
    });
    // A start adds every tool at once: each addition reads that tool's module, not the list.
    tools.refresh();
    expect(reads).toEqual(['shop.card']);
    apps.confineUiFolders();
    expect(reads).toEqual(['shop.card', 'shop.card']);
    expect(apps.any()).toBe(true);
  });
});
