import { fileURLToPath } from 'node:url';
import { findFreePort } from '@apcore-mcp/test-support';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_EXTENSIONS, httpServeArgs, startCli } from '../helpers/cli-process.js';

const OTEL_SETUP = fileURLToPath(new URL('../fixtures/otel-stderr.mjs', import.meta.url));
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

async function callSearch(port: number): Promise<void> {
  const client = new Client({ name: 'tracing-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
  try {
    const result = await client.callTool({
      name: 'catalog-search',
      arguments: { query: 'mug' },
      _meta: { traceparent: TRACEPARENT },
    });
    expect(result.isError).toBeFalsy();
  } finally {
    await client.close();
  }
}

describe('apcore-mcp --tracing', () => {
  it('records a span per tool call in the OTel SDK the process registered, in the client trace', async () => {
    const port = await findFreePort();
    const server = startCli(httpServeArgs(EXAMPLE_EXTENSIONS, port, ['--tracing']), {
      env: { NODE_OPTIONS: `--import ${OTEL_SETUP}` },
    });
    try {
      await server.waitForStderr(/serving 13 tools over Streamable HTTP/);
      await callSearch(port);
      const [, json] = await server.waitForStderr(/otel-span (\{"name":"tools\/call [^\n]*)\n/);
      const span = JSON.parse(json as string) as { traceId: string; attributes: object };
      expect(span.traceId).toBe(TRACE_ID);
      expect(span.attributes).toMatchObject({
        'gen_ai.tool.name': 'catalog-search',
        'apcore.module.id': 'catalog.search',
      });
    } finally {
      expect(await server.stop('SIGINT')).toBe(0);
    }
  });
});
