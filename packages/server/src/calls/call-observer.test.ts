import type { ExecutorLike } from '@apcore-mcp/core/bridge';
import { describe, expect, it } from 'vitest';
import { describeModule, ForeignRegistry } from '../__fixtures__/foreign-runtime.js';
import { createToolSource } from '../__fixtures__/tool-source.js';
import type { AnsweredCall, CallObserver, ObservedApproval } from './call-observer.js';
import { ExecutionRouter } from './execution-router.js';

function createRouter(observer: CallObserver): ExecutionRouter {
  const registry = new ForeignRegistry();
  registry.add(describeModule('x.run'));
  const executor: ExecutorLike = { registry, call: async () => ({ done: true }) };
  return new ExecutionRouter({
    executor,
    tools: createToolSource([
      {
        name: 'x.run',
        inputSchema: { type: 'object' },
        _meta: { 'apcore/requiresApproval': true },
      },
    ]),
    approval: 'deny',
    observer,
  });
}

describe('CallObserver', () => {
  it('hears every answer, with served tool names only, and every approval decision', async () => {
    const answered: AnsweredCall[] = [];
    const approvals: ObservedApproval[] = [];
    const router = createRouter({
      answered: (call) => answered.push(call),
      approval: (decision) => approvals.push(decision),
    });
    const denied = await router.handleCall('x.run', {});
    const unknown = await router.handleCall('made-up-by-the-client', {});
    router.stopAccepting();
    const refused = await router.handleCall('x.run', {});
    expect(answered.map((call) => call.tool)).toEqual(['x.run', undefined, 'x.run']);
    expect(answered.map((call) => call.answer)).toEqual([denied, unknown, refused]);
    expect(answered.every((call) => call.durationMs >= 0)).toBe(true);
    expect(approvals).toEqual([{ approved: false, how: 'policy' }]);
  });
});
