import { defineModule } from '@apcore-mcp/core';
import { silentLogger } from '@apcore-mcp/core/bridge';
import { Executor, Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { openTestFeatureRuntime } from '../../__fixtures__/feature-runtime.js';
import { ExecutionRouter } from '../../calls/execution-router.js';
import { TOOL_SEARCH_FEATURE } from './tool-search-feature.js';

const FRAME = {
  name: 'tools',
  version: '1.0.0',
  transport: 'stdio',
  path: '/mcp',
  host: '127.0.0.1',
  allowedHosts: undefined,
} as const;

function registryOf(...moduleIds: string[]): Registry {
  const registry = new Registry();
  for (const moduleId of moduleIds) {
    registry.register(
      moduleId,
      defineModule({
        description: `The ${moduleId} module.`,
        inputSchema: { type: 'object', properties: {} },
        execute: () => ({ moduleId }),
      }),
    );
  }
  return registry;
}

describe('the tool search feature', () => {
  it('is off, and loads nothing, without its option', async () => {
    const runtime = await openTestFeatureRuntime();
    const frame = { ...FRAME, logger: silentLogger };
    expect(await TOOL_SEARCH_FEATURE.open?.({ toolSearch: false }, frame, runtime)).toBeUndefined();
  });

  it('lists its two tools instead of the served ones and answers them with its step', async () => {
    const registry = registryOf('crm.lookup', 'search_tools');
    const runtime = await openTestFeatureRuntime(registry);
    const logger = createRecordingLogger();
    const opened = await TOOL_SEARCH_FEATURE.open?.(
      { toolSearch: true },
      { ...FRAME, logger },
      runtime,
    );
    runtime.tools.refresh();
    const executor = new Executor(registry);
    const router = new ExecutionRouter({
      executor,
      tools: runtime.tools,
      entries: opened?.callSteps,
    });
    opened?.start?.({ ...runtime, router, toolListChanged: () => {} });
    expect(opened?.listedTools?.().map((tool) => tool.name)).toEqual(['search_tools', 'call_tool']);
    expect(logger.warnings()).toEqual([
      'Module search_tools is served as search_tools, which tool search answers itself; it cannot be called',
    ]);
    const found = await router.handleCall('search_tools', { query: 'lookup' });
    expect(found.structuredContent).toMatchObject({ tools: [{ name: 'crm-lookup' }] });
    const called = await router.handleCall('call_tool', { name: 'crm-lookup' });
    expect(called).toMatchObject({ content: [{ text: '{"moduleId":"crm.lookup"}' }] });
  });
});
