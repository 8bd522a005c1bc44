import { defineModule, ModuleError } from '@apcore-mcp/core';
import { describe, expect, it } from 'vitest';
import { createExecutor, rejectionOf } from '../__fixtures__/executor-fixtures.js';
import { ErrorHistoryMiddleware } from './error-history-middleware.js';

const failing = defineModule({
  description: 'fails with the code it is given',
  inputSchema: {},
  execute: (inputs) => {
    if (typeof inputs.code === 'string') {
      throw new ModuleError({ code: inputs.code, message: `failed ${inputs.code}` });
    }
    throw new Error('plain failure');
  },
});

async function failTimes(
  executor: ReturnType<typeof createExecutor>,
  moduleId: string,
  codes: string[],
) {
  for (const code of codes) await rejectionOf(executor.call(moduleId, { code }));
}

describe('ErrorHistoryMiddleware', () => {
  it('keeps each failure, newest first, per module or in all', async () => {
    const history = new ErrorHistoryMiddleware();
    const executor = createExecutor({ a: failing, b: failing }).use(history);
    await failTimes(executor, 'a', ['A1']);
    await failTimes(executor, 'b', ['B1']);
    await rejectionOf(executor.call('a', {}));
    expect(history.entries().map((entry) => entry.code)).toEqual(['INTERNAL_ERROR', 'B1', 'A1']);
    expect(history.entries('a').map((entry) => entry.message)).toEqual([
      'plain failure',
      'failed A1',
    ]);
    expect(history.entries('a')[0]).toMatchObject({ moduleId: 'a', traceId: expect.any(String) });
  });

  it('drops the oldest of a module beyond maxEntriesPerModule, and the oldest of all beyond maxTotalEntries', async () => {
    const history = new ErrorHistoryMiddleware({ maxEntriesPerModule: 2, maxTotalEntries: 3 });
    const executor = createExecutor({ a: failing, b: failing }).use(history);
    await failTimes(executor, 'a', ['A1', 'A2', 'A3']);
    expect(history.entries('a').map((entry) => entry.code)).toEqual(['A3', 'A2']);
    await failTimes(executor, 'b', ['B1', 'B2']);
    expect(history.entries().map((entry) => entry.code)).toEqual(['B2', 'B1', 'A3']);
    history.clear();
    expect(history.entries()).toEqual([]);
  });

  it('never changes the outcome of a call', async () => {
    const executor = createExecutor({ a: failing }).use(new ErrorHistoryMiddleware());
    expect((await rejectionOf(executor.call('a', { code: 'X' }))).code).toBe('X');
  });
});
