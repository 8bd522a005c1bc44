import { context, propagation, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * Records the spans of the calling `describe` in memory (`@apcore-mcp/test-support/spans`, an
 * entry of its own so that the other helpers never load OpenTelemetry), the way an application's OTel SDK
 * would see them: an AsyncLocalStorage context manager and the W3C propagator are registered
 * globally for its tests, and `tracer` exports every ended span to `spans()`.
 */
export function useSpanRecorder(): { tracer: Tracer; spans: () => ReadableSpan[] } {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  beforeAll(() => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  });
  afterEach(() => exporter.reset());
  afterAll(async () => {
    context.disable();
    propagation.disable();
    await provider.shutdown();
  });
  return {
    tracer: provider.getTracer('apcore-mcp-test'),
    spans: () => exporter.getFinishedSpans(),
  };
}

/** The span of that name among `spans`; fails the test when there is none. */
export function named(spans: ReadableSpan[], name: string): ReadableSpan {
  const span = spans.find((candidate) => candidate.name === name);
  if (span === undefined) throw new Error(`no span ${name} in ${spans.map((s) => s.name)}`);
  return span;
}
