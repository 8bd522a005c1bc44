import type { ExecutorLike } from '@apcore-mcp/core';
import { describe, expect, it } from 'vitest';
import { describeModule, ForeignRegistry } from '../__fixtures__/foreign-runtime.js';
import { createToolSource } from '../__fixtures__/tool-source.js';
import type { CallAnswer, CallObserver, ObservedApproval, ObservedCall } from './call-observer.js';
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
  it('wraps every call, sees served tool names only, and hears approval decisions', async () => {
    const seen: Array<{ call: ObservedCall; answer: CallAnswer }> = [];
    const approvals: ObservedApproval[] = [];
    const router = createRouter({
      async observe(call, run) {
        const answer = await run();
        seen.push({ call, answer });
        return answer;
      },
      approval: (decision) => approvals.push(decision),
    });
    const denied = await router.handleCall('x.run', {});
    const unknown = await router.handleCall('made-up-by-the-client', {});
    expect(seen.map((entry) => entry.call.tool)).toEqual(['x.run', undefined]);
    expect(seen.map((entry) => entry.answer)).toEqual([denied, unknown]);
    expect(approvals).toEqual([{ approved: false, how: 'policy' }]);
  });
});
