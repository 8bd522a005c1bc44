import { defineModule, type ModuleContext } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger, firstText, type RecordingLogger } from '@apcore-mcp/test-support';
import { type ClientEra, connectClient } from '@apcore-mcp/test-support/clients';
import { afterEach, describe, expect, it } from 'vitest';
import type { LedgerRecord } from '../../src/governance.js';
import { type ServerHandle, startServer } from '../../src/index.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

/** `trace.echo` answers its context's trace id; `trace.fail` throws an unexpected error. */
function createRegistry(): Registry {
  const registry = new Registry();
  registry.register(
    'trace.echo',
    defineModule({
      description: 'Reports its trace id',
      inputSchema: {},
      execute: (_inputs, context: ModuleContext) => ({ traceId: context.traceId }),
    }),
  );
  registry.register(
    'trace.fail',
    defineModule({
      description: 'Fails',
      inputSchema: {},
      execute: () => {
        throw new Error('disk on fire');
      },
    }),
  );
  return registry;
}

/** The trace id each logged record carries, by message, for the records that carry one. */
function traceIdsLogged(logger: RecordingLogger, message: string): unknown[] {
  return logger.entries
    .filter((entry) => entry.message === message)
    .map((entry) => (entry.object as { traceId?: unknown }).traceId);
}

// No `tracing` option and no OpenTelemetry SDK: the trace context still names the call.
describe.each<ClientEra>(['2025-11-25', '2026-07-28'])('traceparent, tracing off, %s', (era) => {
  const servers: ServerHandle[] = [];
  afterEach(async () => {
    await Promise.allSettled(servers.splice(0).map((server) => server.close()));
  });

  /** Serves the registry, makes each call with `traceparent` in its `_meta`, then closes. */
  async function callWith(traceparent: string, tools: string[]) {
    const records: LedgerRecord[] = [];
    const logger = createRecordingLogger();
    const server = await startServer(createRegistry(), {
      transport: 'streamable-http',
      host: '127.0.0.1',
      port: 0,
      ledger: { append: (record) => void records.push(record), close: async () => {} },
      logger,
    });
    servers.push(server);
    const client = await connectClient({ era, transport: 'http', url: server.url ?? '' });
    try {
      const results = [];
      for (const tool of tools) {
        results.push(await client.callTool(tool, {}, { meta: { traceparent } }));
      }
      return { results, records, logger };
    } finally {
      await client.close();
    }
  }

  it("makes a valid traceparent's trace id the call's: module, ledger and log lines", async () => {
    const { results, records, logger } = await callWith(TRACEPARENT, ['trace-echo', 'trace-fail']);
    const [echoed, failed] = results;
    expect(JSON.parse(firstText(echoed))).toEqual({ traceId: TRACE_ID });
    expect(failed?.isError).toBe(true);
    expect(firstText(failed)).toBe('Internal error occurred');
    expect(records.map(({ tool, traceId }) => ({ tool, traceId }))).toEqual([
      { tool: 'trace-echo', traceId: TRACE_ID },
      { tool: 'trace-fail', traceId: TRACE_ID },
    ]);
    expect(traceIdsLogged(logger, 'Tool call')).toEqual([TRACE_ID]);
    expect(traceIdsLogged(logger, 'Tool call failed')).toEqual([TRACE_ID]);
  });

  it.each([
    ['uppercase hex', `00-${TRACE_ID.toUpperCase()}-00f067aa0ba902b7-01`],
    ['another version', `01-${TRACE_ID}-00f067aa0ba902b7-01`],
    ['an all-zero parent id', `00-${TRACE_ID}-0000000000000000-01`],
    ['a field too many', `${TRACEPARENT}-extra`],
  ])('ignores a traceparent with %s: the call gets a fresh trace id', async (_case, header) => {
    const { results, records, logger } = await callWith(header, ['trace-echo']);
    const { traceId } = JSON.parse(firstText(results[0])) as { traceId: string };
    expect(traceId).toMatch(/^(?!0{32})[0-9a-f]{32}$/);
    expect(traceId).not.toBe(TRACE_ID);
    expect(records).toHaveLength(1);
    expect(records[0]).not.toHaveProperty('traceId');
    expect(traceIdsLogged(logger, 'Tool call')).toEqual([undefined]);
  });
});
