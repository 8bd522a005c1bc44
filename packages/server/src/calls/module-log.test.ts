import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it, vi } from 'vitest';
import type { RouterCallExtra } from '../kernel/call-extra.js';
import { openModuleLog } from './module-log.js';

type Notify = NonNullable<RouterCallExtra['log']>;

function open(extra: RouterCallExtra = {}) {
  const logger = createRecordingLogger();
  const moduleLog = openModuleLog({ extra, moduleId: 'csv.import', logger });
  return { logger, moduleLog };
}

describe('openModuleLog', () => {
  it('sends the message as data, or { message, data }, with the module as logger', async () => {
    const notify = vi.fn<Notify>(async () => {});
    const { moduleLog } = open({ log: notify });
    await moduleLog.send({ level: 'info', message: 'started' });
    await moduleLog.send({ level: 'warning', message: 'skipped', data: { rows: [3] } });
    await moduleLog.send({ level: 'debug', message: 'nested', moduleId: 'csv.parse' });
    expect(notify.mock.calls).toEqual([
      ['info', 'started', 'csv.import'],
      ['warning', { message: 'skipped', data: { rows: [3] } }, 'csv.import'],
      ['debug', 'nested', 'csv.parse'],
    ]);
  });

  it('sends data as JSON: no stack, no cycle, no bigint', async () => {
    const notify = vi.fn<Notify>(async () => {});
    const { moduleLog } = open({ log: notify });
    const cyclic: Record<string, unknown> = { n: 10n };
    cyclic.self = cyclic;
    await moduleLog.send({
      level: 'error',
      message: 'failed',
      data: { cyclic, err: new Error('x') },
    });
    expect(notify.mock.calls[0]?.[1]).toEqual({
      message: 'failed',
      data: { cyclic: { n: '10', self: '[Circular]' }, err: { name: 'Error', message: 'x' } },
    });
  });

  it.each([
    ['debug', 'debug'],
    ['info', 'info'],
    ['notice', 'info'],
    ['warning', 'warn'],
    ['error', 'error'],
    ['critical', 'error'],
    ['alert', 'error'],
    ['emergency', 'error'],
  ] as const)('writes %s to the server log at %s', async (level, pinoLevel) => {
    const { logger, moduleLog } = open({ clientTraceId: 'trace-1' });
    await moduleLog.send({ level, message: 'line' });
    expect(logger.entries).toEqual([
      {
        level: pinoLevel,
        object: { moduleId: 'csv.import', traceId: 'trace-1', mcpLevel: level },
        message: 'line',
      },
    ]);
  });

  it('prefers the trace id the context names', async () => {
    const { logger, moduleLog } = open({ clientTraceId: 'trace-1' });
    await moduleLog.send({ level: 'info', message: 'line', traceId: 'trace-2' });
    expect(logger.entries[0]?.object).toMatchObject({ traceId: 'trace-2' });
  });

  it('stops sending to the client once closed, but still writes to the server log', async () => {
    const notify = vi.fn<Notify>(async () => {});
    const { logger, moduleLog } = open({ log: notify });
    moduleLog.close();
    await moduleLog.send({ level: 'error', message: 'too late' });
    expect(notify).not.toHaveBeenCalled();
    expect(logger.messages('error')).toEqual(['too late']);
  });

  it('never rejects: a failed notification is logged at debug', async () => {
    const notify: Notify = async () => {
      throw new Error('stream closed');
    };
    const { logger, moduleLog } = open({ log: notify });
    await expect(moduleLog.send({ level: 'info', message: 'x' })).resolves.toBeUndefined();
    expect(logger.messages('debug')).toEqual(['Could not send a log notification']);
  });
});
