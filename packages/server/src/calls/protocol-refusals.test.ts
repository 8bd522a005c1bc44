import type { ExecutorLike } from '@apcore-mcp/core/bridge';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { describeModule, ForeignRegistry } from '../__fixtures__/foreign-runtime.js';
import type { RouterCallExtra } from '../kernel/call-extra.js';
import type { ServedTool, ToolSource } from '../kernel/served-tool.js';
import { TASKS_EXTENSION } from '../kernel/tasks-extension.js';
import type { AnsweredCall } from './call-observer.js';
import { ExecutionRouter } from './execution-router.js';

/** Three tools: a plain one, one that may run as a task, one that only runs as a task. */
function createTools(): ToolSource {
  const served = (name: string, task?: ServedTool['task']): ServedTool => ({
    moduleId: name,
    tool: { name, inputSchema: { type: 'object' } },
    ...(task === undefined ? {} : { task }),
  });
  const entries = [
    served('plain'),
    served('either', { support: 'optional', start: 'immediate' }),
    served('task_only', { support: 'required', start: 'immediate' }),
  ];
  return {
    list: () => entries,
    get: (name) => entries.find((entry) => entry.tool.name === name),
    getByModuleId: (moduleId) => entries.find((entry) => entry.moduleId === moduleId),
  };
}

function createRouter() {
  const registry = new ForeignRegistry();
  for (const name of ['plain', 'either', 'task_only']) registry.add(describeModule(name));
  const ran: string[] = [];
  const executor: ExecutorLike = {
    registry,
    call: async (moduleId) => {
      ran.push(moduleId);
      return { ran: moduleId };
    },
  };
  const answered: AnsweredCall[] = [];
  const logger = createRecordingLogger();
  const router = new ExecutionRouter({
    executor,
    tools: createTools(),
    logger,
    observer: { answered: (call) => answered.push(call), approval: () => {} },
  });
  return { router, ran, answered, logger };
}

const MODERN: RouterCallExtra = { era: '2026-07-28', tasksServed: true };
const LEGACY: RouterCallExtra = { era: '2025-11-25', tasksServed: true };

describe('protocol refusals in the call pipeline', () => {
  it('rejects an unknown tool with -32602 once counted as _unknown MODULE_NOT_FOUND', async () => {
    const { router, answered, logger } = createRouter();
    await expect(router.answerRequest('nope', {}, MODERN)).rejects.toMatchObject({
      code: -32602,
      message: 'Unknown tool: nope',
    });
    expect(answered).toHaveLength(1);
    expect(answered[0]?.tool).toBeUndefined();
    expect(answered[0]?.answer).toMatchObject({
      isError: true,
      content: [
        { type: 'text', text: 'Module not found: nope' },
        { type: 'text' /* the AI guidance appendix */ },
      ],
      _meta: { 'apcore/errorCode': 'MODULE_NOT_FOUND' },
    });
    expect(logger.entries.filter((entry) => entry.message === 'Tool call failed')).toEqual([
      expect.objectContaining({
        level: 'warn',
        object: expect.objectContaining({ tool: 'nope', errorCode: 'MODULE_NOT_FOUND' }),
      }),
    ]);
    // In process, the same call is answered with the result it was counted with.
    expect(await router.handleCall('nope', {}, MODERN)).toEqual(answered[0]?.answer);
  });

  it('refuses a task-only tool called without a task, per revision, before it runs', async () => {
    const { router, ran, answered } = createRouter();
    const modern = router.answerRequest('task_only', {}, MODERN);
    await expect(modern).rejects.toMatchObject({
      code: -32021,
      message: expect.stringContaining(TASKS_EXTENSION),
    });
    await expect(router.answerRequest('task_only', {}, LEGACY)).rejects.toMatchObject({
      code: -32601,
      message: 'This tool runs only as a task: call it with the task parameter',
    });
    expect(ran).toEqual([]);
    expect(answered.map((call) => call.tool)).toEqual(['task_only', 'task_only']);
    expect(answered[0]?.answer).toMatchObject({
      isError: true,
      _meta: { 'apcore/errorCode': 'CLIENT_CAPABILITY_REQUIRED' },
    });
  });

  it('refuses a task asked of a plain tool with -32601, and lets a task attempt run', async () => {
    const { router, ran } = createRouter();
    const asked = { ...LEGACY, taskRequested: true };
    await expect(router.answerRequest('plain', {}, asked)).rejects.toMatchObject({
      code: -32601,
      message: 'Tool plain does not run as a task: call it without the task parameter',
    });
    // An unknown name stays an unknown tool, task or not.
    await expect(router.answerRequest('nope', {}, asked)).rejects.toMatchObject({ code: -32602 });
    expect(ran).toEqual([]);
    const attempt = await router.answerRequest('task_only', {}, { task: { taskId: 't-1' } });
    expect(attempt).toMatchObject({ content: [{ type: 'text', text: '{"ran":"task_only"}' }] });
    const plainCall = await router.answerRequest('either', {}, MODERN);
    expect(plainCall).toMatchObject({ content: [{ type: 'text', text: '{"ran":"either"}' }] });
    expect(ran).toEqual(['task_only', 'either']);
  });
});
