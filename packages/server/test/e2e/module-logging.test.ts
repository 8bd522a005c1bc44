import { firstText } from '@apcore-mcp/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { LATE_LINE, STEP_LINES } from '../fixtures/logging-modules.mjs';
import {
  connectLogging,
  LOG_LEVEL_META_KEY,
  type LoggingConnection,
  messageOf,
} from '../helpers/logging-clients.js';

/** The notifications `log.steps` sends for the lines at `from` or above. */
function stepsFrom(from: number) {
  return STEP_LINES.slice(from).map(({ level, message, data }) => ({
    level,
    logger: 'log.steps',
    data: data === undefined ? message : { message, data },
  }));
}

const LAST_STEP = 'step 4: error';
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

describe.each(['http', 'stdio'] as const)('module log lines over %s', (transport) => {
  let connection: LoggingConnection | undefined;
  afterEach(async () => {
    await connection?.close();
    connection = undefined;
  });

  describe('2025-11-25 session', () => {
    it('sends every level before any logging/setLevel, with the module id as logger', async () => {
      connection = await connectLogging('2025-11-25', transport);
      const result = await connection.client.callTool('log-steps');
      expect(JSON.parse(firstText(result))).toEqual({ logged: 4 });
      await connection.waitForLine(LAST_STEP);
      expect(connection.received).toEqual(stepsFrom(0));
    });

    it('sends only the levels at or above the one the session set', async () => {
      connection = await connectLogging('2025-11-25', transport);
      await connection.client.setLogLevel('warning');
      await connection.client.callTool('log-steps');
      await connection.waitForLine(LAST_STEP);
      expect(connection.received).toEqual(stepsFrom(2));
      await connection.client.setLogLevel('emergency');
      await connection.client.setLogLevel('debug');
      connection.received.length = 0;
      await connection.client.callTool('log-steps');
      await connection.waitForLine(LAST_STEP);
      expect(connection.received).toEqual(stepsFrom(0));
    });

    it('names the module that logged, in a nested call too', async () => {
      connection = await connectLogging('2025-11-25', transport);
      await connection.client.callTool('log-outer');
      await connection.waitForLine(LAST_STEP);
      expect(connection.received.map((line) => line.logger)).toEqual(Array(4).fill('log.steps'));
    });
  });

  describe('2026-07-28 request', () => {
    it('gets no log line without a log level, and those at or above the one it carries', async () => {
      connection = await connectLogging('2026-07-28', transport);
      const silent = await connection.client.callTool('log-steps');
      expect(JSON.parse(firstText(silent))).toEqual({ logged: 4 });
      await connection.client.callTool(
        'log-steps',
        {},
        { meta: { [LOG_LEVEL_META_KEY]: 'error' } },
      );
      await connection.waitForLine(LAST_STEP);
      // The first call's lines would have come first, on a stream that closed before this call.
      expect(connection.received).toEqual(stepsFrom(3));
      connection.received.length = 0;
      await connection.client.callTool('log-steps', {}, { meta: { [LOG_LEVEL_META_KEY]: 'info' } });
      await connection.waitForLine(LAST_STEP);
      expect(connection.received).toEqual(stepsFrom(1));
    });

    it('has no logging/setLevel: the client does not even send it', async () => {
      connection = await connectLogging('2026-07-28', transport);
      await expect(connection.client.setLogLevel('debug')).rejects.toMatchObject({
        code: 'METHOD_NOT_SUPPORTED_BY_PROTOCOL_VERSION',
      });
    });

    it("refuses a request whose log level is not one of MCP's with -32602", async () => {
      connection = await connectLogging('2026-07-28', transport);
      await expect(
        connection.client.callTool('log-steps', {}, { meta: { [LOG_LEVEL_META_KEY]: 'verbose' } }),
      ).rejects.toMatchObject({ code: -32602 });
      await connection.client.callTool(
        'log-steps',
        {},
        { meta: { [LOG_LEVEL_META_KEY]: 'debug' } },
      );
      await connection.waitForLine(LAST_STEP);
      expect(connection.received).toEqual(stepsFrom(0));
    });
  });

  it.each(['2025-11-25', '2026-07-28'] as const)(
    'a bad level fails the call with an error result; the server keeps serving (%s)',
    async (era) => {
      connection = await connectLogging(era, transport);
      const failed = await connection.client.callTool('log-bad_level');
      expect(failed.isError).toBe(true);
      expect(firstText(failed)).toBe('Internal error occurred');
      expect(connection.received).toEqual([]);
      const next = await connection.client.callTool('log-steps');
      expect(JSON.parse(firstText(next))).toEqual({ logged: 4 });
    },
  );
});

describe('the server log', () => {
  let connection: LoggingConnection | undefined;
  afterEach(async () => {
    await connection?.close();
    connection = undefined;
  });

  it('gets every line, whatever the client asked for, with the module id and trace id', async () => {
    connection = await connectLogging('2025-11-25', 'http');
    await connection.client.setLogLevel('emergency');
    await connection.client.callTool('log-steps', {}, { meta: { traceparent: TRACEPARENT } });
    const lines = (connection.serverLog?.entries ?? []).filter(
      (entry) => (entry.object as { mcpLevel?: string }).mcpLevel !== undefined,
    );
    expect(lines.map(({ level, message }) => [level, message])).toEqual([
      ['debug', 'step 1: debug'],
      ['info', 'step 2: info'],
      ['warn', 'step 3: warning'],
      ['error', 'step 4: error'],
    ]);
    const fields = { tool: 'log-steps', moduleId: 'log.steps', traceId: TRACE_ID };
    expect(lines.map(({ object }) => object)).toEqual([
      { ...fields, mcpLevel: 'debug' },
      { ...fields, mcpLevel: 'info' },
      { ...fields, mcpLevel: 'warning', data: { skipped: 2 } },
      { ...fields, mcpLevel: 'error' },
    ]);
    expect(connection.received).toEqual([]);
  });

  it('tells the module author why a bad level failed the call', async () => {
    connection = await connectLogging('2025-11-25', 'http');
    await connection.client.callTool('log-bad_level');
    const reasons = (connection.serverLog?.at('error') ?? []).map(
      ({ object }) => (object as { err?: Error }).err?.message,
    );
    expect(reasons).toContain(
      'log(): unknown level "verbose"; expected one of debug, info, notice, warning, error, critical, alert, emergency',
    );
  });

  it.each(['2025-11-25', '2026-07-28'] as const)(
    'gets a line logged after the call answered, which the client never does (%s)',
    async (era) => {
      connection = await connectLogging(era, 'http');
      const meta = era === '2026-07-28' ? { [LOG_LEVEL_META_KEY]: 'debug' } : {};
      const result = await connection.client.callTool('log-late', {}, { meta });
      expect(JSON.parse(firstText(result))).toEqual({ answered: true });
      const serverLog = connection.serverLog;
      await expect.poll(() => serverLog?.messages('error')).toContain(LATE_LINE);
      // Proof that nothing was still on its way: a later call's lines arrive after it would have.
      await connection.client.callTool('log-steps', {}, { meta });
      await connection.waitForLine(LAST_STEP);
      expect(connection.received.map(messageOf)).not.toContain(LATE_LINE);
    },
  );
});
