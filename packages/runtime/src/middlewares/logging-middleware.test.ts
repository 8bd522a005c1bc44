import { defineModule } from '@apcore-mcp/core';
import { REDACTED_VALUE } from '@apcore-mcp/core/bridge';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { createExecutor, rejectionOf } from '../__fixtures__/executor-fixtures.js';
import { LoggingMiddleware } from './logging-middleware.js';

const login = defineModule({
  description: 'login',
  inputSchema: {
    type: 'object',
    properties: { user: { type: 'string' }, password: { type: 'string', 'x-sensitive': true } },
  },
  outputSchema: {
    type: 'object',
    properties: { token: { type: 'string', 'x-sensitive': true }, user: { type: 'string' } },
  },
  execute: (inputs) => {
    if (inputs.user === 'mallory') throw new Error('refused');
    return { token: 't0k3n', user: inputs.user };
  },
});

describe('LoggingMiddleware', () => {
  it('logs inputs and outputs with their secrets redacted', async () => {
    const logger = createRecordingLogger();
    const executor = createExecutor({ login }).use(new LoggingMiddleware({ logger }));
    await executor.call('login', { user: 'ann', password: 'hunter2' });
    const [started, finished] = logger.at('info');
    expect(started?.message).toBe('Module call started: login');
    expect(started?.object).toMatchObject({
      moduleId: 'login',
      inputs: { user: 'ann', password: REDACTED_VALUE },
    });
    expect(finished?.message).toBe('Module call finished: login');
    expect(finished?.object).toMatchObject({ output: { token: REDACTED_VALUE, user: 'ann' } });
    expect(JSON.stringify(logger.entries)).not.toMatch(/hunter2|t0k3n/);
  });

  it('logs failures at error, and leaves out what it is told to', async () => {
    const logger = createRecordingLogger();
    const executor = createExecutor({ login }).use(
      new LoggingMiddleware({ logger, logInputs: false, logOutputs: false }),
    );
    await executor.call('login', { user: 'ann', password: 'p' });
    await rejectionOf(executor.call('login', { user: 'mallory', password: 'p' }));
    for (const entry of logger.at('info')) {
      expect(entry.object).not.toHaveProperty('inputs');
      expect(entry.object).not.toHaveProperty('output');
    }
    expect(logger.messages('error')).toEqual(['Module call failed: login']);
  });

  it('logs no failure with logErrors off', async () => {
    const logger = createRecordingLogger();
    const executor = createExecutor({ login }).use(
      new LoggingMiddleware({ logger, logErrors: false }),
    );
    await rejectionOf(executor.call('login', { user: 'mallory', password: 'p' }));
    expect(logger.at('error')).toEqual([]);
  });
});
