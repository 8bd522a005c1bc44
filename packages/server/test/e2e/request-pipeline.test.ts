import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as core from '@apcore-mcp/core';
import type { ClientEra } from '@apcore-mcp/test-support/clients';
import { named, useSpanRecorder } from '@apcore-mcp/test-support/spans';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServeOptions } from '../../src/index.js';
import { createFixtureDefinitions } from '../fixtures/fixture-definitions.mjs';
import { createFixtureRuntime } from '../fixtures/fixture-modules.mjs';
import { connectOverHttp, type ServedConnection } from '../helpers/fixture-path.js';
import { readLedgerFile } from '../helpers/ledger-fixture.js';
import { sampleValue } from '../helpers/metrics-fixture.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN_ID = '00f067aa0ba902b7';
const META = { traceparent: `00-${TRACE_ID}-${CLIENT_SPAN_ID}-01` };
const PROMPT = 'test_prompt_with_arguments';
const TEMPLATE = 'test://template/{id}/data';
const NOON = Date.UTC(2026, 10, 24, 12, 0, 0);

const getPrompt = { name: PROMPT, arguments: { arg1: 'a', arg2: 'b' }, _meta: META };
const readTemplated = { uri: 'test://template/7/data', _meta: META };
const complete = {
  ref: { type: 'ref/prompt', name: PROMPT },
  argument: { name: 'arg1', value: 'x' },
  _meta: META,
};

describe.each<ClientEra>(['2025-11-25', '2026-07-28'])(
  'resources/read, prompts/get and completion/complete through the request pipeline, %s client',
  (era) => {
    const { tracer, spans } = useSpanRecorder();
    const opened: ServedConnection[] = [];
    afterEach(async () => {
      await Promise.allSettled(opened.splice(0).map((connection) => connection.close()));
    });

    /** The fixture modules and definitions over Streamable HTTP on 127.0.0.1, as `options` say. */
    async function serve(options: ServeOptions): Promise<ServedConnection> {
      const { executor } = createFixtureRuntime(core);
      const { touch: _touch, ...definitions } = createFixtureDefinitions(core);
      const connection = await connectOverHttp(era, executor, { ...definitions, ...options });
      opened.push(connection);
      return connection;
    }

    it("gives each a SERVER span continuing the client's trace, named by what it served", async () => {
      const { client } = await serve({ tracing: { tracer } });
      await client.request('prompts/get', getPrompt);
      await client.request('resources/read', readTemplated);
      await client.request('completion/complete', complete);
      await expect(
        client.request('prompts/get', { name: 'no_such_prompt', _meta: META }),
      ).rejects.toMatchObject({ code: -32602 });

      const prompt = named(spans(), `prompts/get ${PROMPT}`);
      expect(prompt.kind).toBe(SpanKind.SERVER);
      expect(prompt.spanContext().traceId).toBe(TRACE_ID);
      expect(prompt.parentSpanContext?.spanId).toBe(CLIENT_SPAN_ID);
      expect(prompt.attributes).toMatchObject({
        'mcp.method.name': 'prompts/get',
        'gen_ai.prompt.name': PROMPT,
        'apcore.call.outcome': 'success',
        'apcore.mcp.era': era,
      });
      // A template names the span; the URI read is an attribute, never a span name.
      const read = named(spans(), `resources/read ${TEMPLATE}`);
      expect(read.spanContext().traceId).toBe(TRACE_ID);
      expect(read.attributes['mcp.resource.uri']).toBe('test://template/7/data');
      const completion = named(spans(), `completion/complete prompt:${PROMPT}`);
      expect(completion.spanContext().traceId).toBe(TRACE_ID);
      const unknown = named(spans(), 'prompts/get');
      expect(unknown.status.code).toBe(SpanStatusCode.ERROR);
      expect(unknown.attributes).toMatchObject({ 'error.type': '-32602' });
      expect(unknown.attributes['gen_ai.prompt.name']).toBe('no_such_prompt');
    });

    it('counts and times them in the metrics registry, labelled by a bounded target', async () => {
      const registry = new Registry();
      const { client } = await serve({ metrics: { registry } });
      await client.request('prompts/get', getPrompt);
      await client.request('resources/read', readTemplated);
      await client.request('resources/read', { uri: 'test://template/8/data' });
      await client.request('completion/complete', complete);
      await client.listPrompts();
      await expect(client.readResource('test://nothing-here')).rejects.toHaveProperty('code');
      const text = await registry.metrics();
      const count = (labels: string) => sampleValue(text, `apcore_mcp_requests_total{${labels}}`);
      expect(count(`method="prompts/get",target="${PROMPT}",outcome="ok"`)).toBe(1);
      // Two URIs of one template: one series, under the template.
      expect(count(`method="resources/read",target="${TEMPLATE}",outcome="ok"`)).toBe(2);
      expect(text).not.toContain('target="test://template/7/data"');
      expect(count(`method="completion/complete",target="prompt:${PROMPT}",outcome="ok"`)).toBe(1);
      expect(count('method="prompts/list",target="",outcome="ok"')).toBe(1);
      // A URI nothing serves is not a label value.
      expect(text).not.toContain('test://nothing-here');
      expect(text).toMatch(/apcore_mcp_requests_total\{method="resources\/read",target="_unknown"/);
      expect(
        sampleValue(
          text,
          `apcore_mcp_request_duration_seconds_count{method="prompts/get",target="${PROMPT}",outcome="ok"}`,
        ),
      ).toBe(1);
    });

    it('writes one ledger line for each, refused and failed ones too, secrets masked', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-request-ledger-'));
      try {
        const ledger = join(dir, 'ledger.jsonl');
        const connection = await serve({ ledger });
        const { client } = connection;
        const secretArgs = { arg1: 'a', arg2: 'b', _secret_token: 'hunter2' };
        await expect(
          client.request('prompts/get', { name: PROMPT, arguments: secretArgs }),
        ).rejects.toMatchObject({ code: -32602 }); // an undeclared argument
        await client.request('prompts/get', getPrompt);
        await client.request('resources/read', readTemplated);
        await client.request('completion/complete', complete);
        await client.listPrompts(); // a list names nothing: no line
        await connection.close();
        const records = await readLedgerFile(ledger);
        expect(records.map(({ method, tool, outcome }) => ({ method, tool, outcome }))).toEqual([
          { method: 'prompts/get', tool: `prompt:${PROMPT}`, outcome: 'INVALID_PARAMS' },
          { method: 'prompts/get', tool: `prompt:${PROMPT}`, outcome: 'ok' },
          { method: 'resources/read', tool: 'resource:test://template/7/data', outcome: 'ok' },
          {
            method: 'completion/complete',
            tool: `completion:prompt:${PROMPT}`,
            outcome: 'ok',
          },
        ]);
        expect(records[0]?.arguments).toEqual({ ...secretArgs, _secret_token: '***REDACTED***' });
        expect(records[2]?.arguments).toEqual({ id: '7' });
        expect(records[1]).toMatchObject({ subject: '@anonymous', moduleId: '', cost: 0 });
        expect(records[1]?.traceId).toBe(TRACE_ID);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it("counts them toward the subject's call limit; lists are not counted", async () => {
      const { client } = await serve({ limits: { calls: '3/min', now: () => NOON + 1_000 } });
      await client.request('prompts/get', getPrompt);
      await client.listPrompts();
      await client.listResources();
      await client.request('resources/read', readTemplated);
      await client.request('completion/complete', complete);
      await expect(client.request('resources/read', readTemplated)).rejects.toMatchObject({
        code: -32602,
        message: expect.stringMatching(/Rate limit of 3 calls per minute reached; retry in 59 s/),
        data: { code: 'RATE_LIMITED', retryAfterSeconds: 59 },
      });
      // A tool call of the same subject meets the same counter.
      const call = await client.callTool('math-add', { a: 1, b: 2 });
      expect(call).toMatchObject({ isError: true, _meta: { 'apcore/errorCode': 'RATE_LIMITED' } });
    });

    it('refuses a read or a prompt whose result is over maxResultBytes, with a clear error', async () => {
      const { client } = await serve({ maxResultBytes: 64 });
      const tooLarge = {
        code: -32603,
        message: expect.stringMatching(/Result too large: \d+ bytes, over the limit of 64 bytes/),
        data: { code: 'RESULT_TOO_LARGE' },
      };
      await expect(client.readResource('test://static-text')).rejects.toMatchObject(tooLarge);
      await expect(client.request('prompts/get', getPrompt)).rejects.toMatchObject(tooLarge);
      // Lists are not capped.
      expect((await client.listPrompts()).length).toBeGreaterThan(0);
    });
  },
);
