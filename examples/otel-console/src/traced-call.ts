import { startServer } from '@apcore-mcp/server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import { createGreetingRegistry } from './greeting-registry.js';

/** What {@link runTracedCall} saw: the client's trace id and the one the module ran under. */
export interface TracedCallOutcome {
  clientTraceId: string;
  moduleTraceId: string;
  greeting: string;
}

/**
 * Serves the greeting modules with `tracing: true` (the globally registered OTel SDK records the
 * spans), then calls `greet-hello` from the MCP SDK's client inside a client span whose W3C
 * trace context travels in the request's `_meta`: the server's spans join the client's trace.
 *
 * @example
 * ```ts
 * const { clientTraceId, moduleTraceId } = await runTracedCall();
 * ```
 */
export async function runTracedCall(): Promise<TracedCallOutcome> {
  const server = await startServer(createGreetingRegistry(), {
    transport: 'streamable-http',
    port: 0,
    logLevel: 'warn',
    tracing: true,
  });
  const client = new Client({ name: 'otel-console', version: '1.0.0' });
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url ?? '')));
    const tracer = trace.getTracer('otel-console-client');
    return await tracer.startActiveSpan('client greet', { kind: SpanKind.CLIENT }, async (span) => {
      try {
        // The client's side of propagation: its trace context goes into the request's `_meta`.
        const meta: Record<string, string> = {};
        propagation.inject(context.active(), meta);
        const result = await client.callTool({
          name: 'greet-hello',
          arguments: { name: 'Ada' },
          _meta: meta,
        });
        const content = result.content as { type: string; text?: string }[];
        const output = JSON.parse(content[0]?.text ?? '{}') as Record<string, string>;
        return {
          clientTraceId: span.spanContext().traceId,
          moduleTraceId: output.traceId ?? '',
          greeting: output.greeting ?? '',
        };
      } finally {
        span.end();
      }
    });
  } finally {
    await client.close();
    await server.close();
  }
}
