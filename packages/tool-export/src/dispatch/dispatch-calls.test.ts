import { defineModule, image, text } from '@apcore-mcp/core';
import { ACL, Executor, type ExecutorOptions, Registry } from '@apcore-mcp/runtime';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../invalid-argument-error.js';
import { describeDispatchFailure, dispatchCalls } from './dispatch-calls.js';
import type { DispatchOutcome } from './dispatch-types.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

function createExecutor(options: ExecutorOptions = {}): Executor {
  const registry = new Registry();
  registry.register(
    'math.add',
    defineModule({
      description: 'Add',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'integer' }, b: { type: 'integer' } },
        required: ['a', 'b'],
      },
      outputSchema: {
        type: 'object',
        properties: { sum: { type: 'integer' }, token: { type: 'string', 'x-sensitive': true } },
      },
      execute: ({ a, b }) => ({ sum: Number(a) + Number(b), token: 'secret-value' }),
    }),
  );
  registry.register(
    'chart.draw',
    defineModule({
      description: 'Draw',
      inputSchema: {},
      execute: () => [text('Sales:'), image(PNG, 'image/png')],
    }),
  );
  registry.register(
    'admin.purge',
    defineModule({
      description: 'Purge',
      annotations: { requiresApproval: true },
      inputSchema: {},
      execute: () => ({ purged: true }),
    }),
  );
  return new Executor(registry, options);
}

function failure(outcome: DispatchOutcome | undefined): Extract<DispatchOutcome, { ok: false }> {
  if (outcome === undefined || outcome.ok)
    throw new Error(`expected a failure: ${JSON.stringify(outcome)}`);
  return outcome;
}

describe('dispatchCalls through the real Executor', () => {
  it('runs calls with object or JSON-text arguments and returns redacted JSON and content parts', async () => {
    const outcomes = await dispatchCalls(createExecutor(), [
      { id: 'toolu_1', name: 'math-add', arguments: { a: 1, b: 2 } },
      { id: 'toolu_2', name: 'chart-draw', arguments: '' },
    ]);
    expect(outcomes).toEqual([
      {
        id: 'toolu_1',
        ok: true,
        moduleId: 'math.add',
        parts: [
          {
            type: 'json',
            value: { sum: 3, token: '***REDACTED***' },
            text: '{"sum":3,"token":"***REDACTED***"}',
          },
        ],
      },
      {
        id: 'toolu_2',
        ok: true,
        moduleId: 'chart.draw',
        parts: [
          { type: 'text', text: 'Sales:' },
          { type: 'image', mimeType: 'image/png', data: Buffer.from(PNG).toString('base64') },
        ],
      },
    ]);
  });

  it('answers validation errors and ACL denials with sanitized text and the AI guidance apart', async () => {
    const acl = ACL.fromObject({
      rules: [{ callers: ['@external'], targets: ['math.*'], effect: 'allow' }],
    });
    const [invalid, denied] = await dispatchCalls(createExecutor({ acl }), [
      { id: 'a', name: 'math-add', arguments: { a: 'one', b: 2 } },
      { id: 'b', name: 'chart-draw', arguments: {} },
    ]);
    expect(failure(invalid)).toMatchObject({
      executed: true,
      error: expect.stringMatching(/^Input validation failed/),
    });
    expect(failure(denied)).toMatchObject({ error: 'Access denied', executed: true });
    expect(JSON.parse(failure(denied).guidance ?? '')).toMatchObject({ retryable: false });
    expect(describeDispatchFailure(failure(denied))).toMatch(
      /^Access denied\n\n\{"retryable":false/,
    );
  });

  it('asks the approval handler before a module that requires approval, and reports a refusal', async () => {
    const asked: string[] = [];
    const executor = createExecutor({
      approvalHandler: {
        requestApproval: ({ moduleId }) => {
          asked.push(moduleId);
          return { status: 'rejected', reason: 'not today' };
        },
      },
    });
    const [outcome] = await dispatchCalls(executor, [
      { id: 'c', name: 'admin-purge', arguments: {} },
    ]);
    expect(asked).toEqual(['admin.purge']);
    expect(failure(outcome).executed).toBe(true);
    expect(failure(outcome).error).not.toMatch(/purged/);
  });

  it('refuses unknown, unoffered and foreign tools and bad arguments without executing anything', async () => {
    const outcomes = await dispatchCalls(
      createExecutor(),
      [
        { id: '1', name: 'nope', arguments: {} },
        { id: '2', name: 'chart-draw', arguments: {} },
        { id: '3', name: 'math-add', arguments: '[1]' },
        { id: '4', name: 'math-add', arguments: {}, foreign: true },
        { id: '5', name: 42, arguments: {} },
      ],
      { toolNames: ['math-add', 'nope'] },
    );
    expect(outcomes.map((outcome) => [failure(outcome).error, failure(outcome).executed])).toEqual([
      ['Unknown tool: nope', false],
      ['Unknown tool: chart-draw', false],
      [
        'Invalid arguments for tool "math-add": expected a JSON object, got an array. Nothing was executed.',
        false,
      ],
      ['Unknown tool: math-add', false],
      ['Unknown tool: 42', false],
    ]);
  });

  it('routes a grouped tool’s call by its action, prefixing failures with the group and action', async () => {
    const groups = { math: { add: 'math.add' } };
    const [ok, bad, unknown] = await dispatchCalls(
      createExecutor(),
      [
        { id: '1', name: 'math', arguments: { action: 'add', a: 2, b: 3 } },
        { id: '2', name: 'math', arguments: { action: 'add', a: 'x', b: 3 } },
        { id: '3', name: 'math', arguments: { action: 'mul' } },
      ],
      { groups },
    );
    expect(ok).toMatchObject({ ok: true, moduleId: 'math.add' });
    expect(failure(bad).error).toMatch(/^\[math\/add\] Input validation failed/);
    expect(failure(unknown).error).toBe(
      '[math] Unknown action "mul". Available actions: add. Nothing was executed.',
    );
  });

  it('refuses an executor or calls it cannot use', async () => {
    await expect(dispatchCalls({} as never, [])).rejects.toThrow(InvalidArgumentError);
    await expect(dispatchCalls(createExecutor(), 'x' as never)).rejects.toThrow(
      /^calls must be an array/,
    );
  });
});
