import type { ExecutorLike } from '@apcore-mcp/core/bridge';
import { createToolErrorResult } from '@apcore-mcp/errors';
import { describe, expect, it } from 'vitest';
import { describeModule, ForeignRegistry } from '../__fixtures__/foreign-runtime.js';
import { governanceEntries, type TestGovernance } from '../__fixtures__/governance-entries.js';
import { createToolSource } from '../__fixtures__/tool-source.js';
import { ANONYMOUS_SUBJECT } from '../kernel/anonymous-subject.js';
import type { GovernedCall, SettledCall } from './call-governance.js';
import { ExecutionRouter } from './execution-router.js';

function createRouter(
  governance: TestGovernance | undefined,
  runs: string[],
  validateInputs = false,
): ExecutionRouter {
  const registry = new ForeignRegistry();
  registry.add(describeModule('x.run'));
  const executor: ExecutorLike = {
    registry,
    call: async (moduleId) => {
      runs.push(moduleId);
      return { ok: true };
    },
  };
  return new ExecutionRouter({
    executor,
    tools: createToolSource([
      {
        name: 'x.run',
        inputSchema: { type: 'object', properties: { a: { type: 'number' } } },
      },
    ]),
    validateInputs,
    ...(governance ? { entries: governanceEntries(governance) } : {}),
  });
}

function recordingGovernance(refuse: boolean) {
  const settled: [GovernedCall, SettledCall][] = [];
  const governance: TestGovernance = {
    admit: async () =>
      refuse ? createToolErrorResult('Too many calls', 'RATE_LIMITED') : undefined,
    settle: (call, outcome) => settled.push([call, outcome]),
  };
  return { governance, settled };
}

describe('call governance in the router', () => {
  it('admits a call, runs it, and settles it with the subject and module', async () => {
    const runs: string[] = [];
    const { governance, settled } = recordingGovernance(false);
    const router = createRouter(governance, runs);
    const result = await router.handleCall('x.run', { a: 1 }, { identity: { id: 'alice' } });
    expect(result.isError).toBeUndefined();
    expect(runs).toEqual(['x.run']);
    expect(settled).toHaveLength(1);
    const [call, outcome] = settled[0] ?? [];
    expect(call?.subject).toBe('alice');
    expect(call?.served.moduleId).toBe('x.run');
    expect(call?.arguments).toEqual({ a: 1 });
    expect(outcome?.ran).toBe(true);
    expect(outcome?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('answers a refusal without running the module, and settles it as not run', async () => {
    const runs: string[] = [];
    const { governance, settled } = recordingGovernance(true);
    const router = createRouter(governance, runs);
    const result = await router.handleCall('x.run', {});
    expect(result.isError).toBe(true);
    expect(result._meta?.['apcore/errorCode']).toBe('RATE_LIMITED');
    expect(runs).toEqual([]);
    expect(settled[0]?.[0].subject).toBe(ANONYMOUS_SUBJECT);
    expect(settled[0]?.[1].ran).toBe(false);
  });

  it('settles a call refused by its input check as not run, without admitting it', async () => {
    const runs: string[] = [];
    let admitted = 0;
    const { governance, settled } = recordingGovernance(false);
    const router = createRouter(
      {
        ...governance,
        admit: async () => {
          admitted += 1;
          return undefined;
        },
      },
      runs,
      true,
    );
    const result = await router.handleCall('x.run', { a: 'not a number' });
    expect(result.isError).toBe(true);
    expect(admitted).toBe(0);
    expect(runs).toEqual([]);
    expect(settled[0]?.[1].ran).toBe(false);
  });

  it('does not settle a call of a tool that is not served', async () => {
    const { governance, settled } = recordingGovernance(false);
    const router = createRouter(governance, []);
    const result = await router.handleCall('nope', {});
    expect(result.isError).toBe(true);
    expect(settled).toEqual([]);
  });
});

describe('several governance parts in the pipeline', () => {
  it('the first refusal wins, and every recorder hears the refused call', async () => {
    const first = recordingGovernance(true);
    const second = recordingGovernance(false);
    let secondAdmitted = 0;
    const registry = new ForeignRegistry();
    registry.add(describeModule('x.run'));
    const runs: string[] = [];
    const router = new ExecutionRouter({
      executor: {
        registry,
        call: async (moduleId) => {
          runs.push(moduleId);
          return {};
        },
      },
      tools: createToolSource([{ name: 'x.run', inputSchema: { type: 'object' } }]),
      entries: governanceEntries(first.governance, {
        ...second.governance,
        admit: async () => {
          secondAdmitted += 1;
          return undefined;
        },
      }),
    });
    await router.handleCall('x.run', {});
    expect(secondAdmitted).toBe(0);
    expect(runs).toEqual([]);
    expect(first.settled).toHaveLength(1);
    expect(second.settled).toHaveLength(1);
  });
});
