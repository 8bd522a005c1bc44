import { defineEventType, defineModule, emit } from '@apcore-mcp/core';
import { Executor, Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { createToolSource } from '../__fixtures__/tool-source.js';
import type { HubEmitOptions } from '../kernel/event-hub.js';
import type { McpTool } from '../kernel/mcp-tool.js';
import { openRuntime } from '../lifecycle/open-runtime.js';
import { resolveOptions } from '../options/resolve-options.js';
import { ExecutionRouter } from './execution-router.js';

/** A registry whose one module emits `stock.low` and answers with what `emit` resolved. */
function createEmittingRegistry(): Registry {
  const registry = new Registry();
  registry.register(
    'stock.check',
    defineModule({
      description: 'Emits stock.low',
      inputSchema: { type: 'object' },
      execute: async (_inputs, context) => ({
        emitted: (await emit(context, 'stock.low', { sku: 'a' }, { eventId: 'low-a' })) ?? null,
      }),
    }),
  );
  return registry;
}

const TOOL: McpTool = { name: 'stock.check', inputSchema: { type: 'object' } };

describe("a module's emit", () => {
  it("reaches the router's emitEvent through the call's channel", async () => {
    const emitted: [string, Record<string, unknown>, HubEmitOptions | undefined][] = [];
    const router = new ExecutionRouter({
      executor: new Executor(createEmittingRegistry()),
      tools: createToolSource([TOOL]),
      emitEvent: async (name, data, options) => {
        emitted.push([name, data, options]);
        return { eventId: options?.eventId ?? 'x' };
      },
    });
    const result = await router.handleCall('stock.check', {});
    expect(result.content).toEqual([{ type: 'text', text: '{"emitted":{"eventId":"low-a"}}' }]);
    expect(emitted).toEqual([['stock.low', { sku: 'a' }, { eventId: 'low-a' }]]);
  });

  it('resolves undefined where the router has no emitEvent', async () => {
    const router = new ExecutionRouter({
      executor: new Executor(createEmittingRegistry()),
      tools: createToolSource([TOOL]),
    });
    const result = await router.handleCall('stock.check', {});
    expect(result.content).toEqual([{ type: 'text', text: '{"emitted":null}' }]);
  });

  it("goes to the runtime's event hub, which the events feature attaches, as the hosts' emit does", async () => {
    const logger = createRecordingLogger();
    const stockLow = defineEventType({ name: 'stock.low' });
    const runtime = await openRuntime(
      createEmittingRegistry(),
      resolveOptions(
        { logger, eventTypes: [stockLow] },
        { transport: 'stdio', handleSignals: false, allowAnyPort: true },
      ),
    );
    try {
      expect(runtime.events.attached).toBe(true);
      await expect(runtime.emit('stock.low', { sku: 'b' }, { audience: 'alice' })).resolves.toEqual(
        { eventId: expect.stringMatching(/^evt_/) },
      );
      const toolName = runtime.toolDefinitions[0]?.name ?? '';
      const answered = await runtime.router.handleCall(toolName, {});
      expect(answered.content).toEqual([{ type: 'text', text: '{"emitted":{"eventId":"low-a"}}' }]);
      // A type the server does not serve: a clear refusal, as a tool error for the module's emit.
      await expect(runtime.emit('order.placed', {})).rejects.toThrow(/Unknown event type/);
    } finally {
      runtime.unload();
      await runtime.closeState();
    }
  });
});
