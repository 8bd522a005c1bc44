import type { OpenedFeature } from '../../feature-api/server-feature.js';
import { loadOptionalPackage } from '../../kernel/load-optional-package.js';
import { SERVER_VERSION } from '../../kernel/package-version.js';
import type { ToolSource } from '../../kernel/served-tool.js';
import type { TracingOption } from './tracing-option.js';

/** The instrumentation scope of our spans. */
const TRACER_NAME = '@apcore-mcp/server';

/**
 * Loads the tracing of tool calls and other requests with OpenTelemetry
 * (`@apcore-mcp/observability`, and through it the OpenTelemetry API): a step in the `tracing`
 * slot of both pipelines, everything below it running inside the span. `undefined` when the
 * `tracing` option is off: then neither package is ever loaded.
 *
 * @throws {MissingPackageError} when `@apcore-mcp/observability` is not installed.
 * @example
 * ```ts
 * const opened = await openTracing({ tracer }, tools);
 * const router = new ExecutionRouter({ executor, tools, entries: { tracing: opened?.callSteps?.tracing } });
 * ```
 */
export async function openTracing(
  option: TracingOption,
  tools: ToolSource,
): Promise<OpenedFeature | undefined> {
  if (option === false) return undefined;
  const observability = await loadOptionalPackage(
    '@apcore-mcp/observability',
    'the tracing option',
    () => import('@apcore-mcp/observability'),
  );
  const tracer = option === true ? undefined : option.tracer;
  const scope = { name: TRACER_NAME, version: SERVER_VERSION };
  const [call, request] = await Promise.all([
    observability.loadCallTracing({ tools, tracer, scope }),
    observability.loadRequestTracing({ tracer, scope }),
  ]);
  return { callSteps: { tracing: call }, requestSteps: { tracing: request } };
}
