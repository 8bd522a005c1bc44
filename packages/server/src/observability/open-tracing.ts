import type { CallAnswer } from '../calls/call-observer.js';
import type { CallMiddleware } from '../calls/pipeline/call-middleware.js';
import type { ToolCall } from '../calls/pipeline/tool-call.js';
import { loadOptionalPackage } from '../kernel/load-optional-package.js';
import { readPackageVersion } from '../kernel/package-version.js';
import type { ToolSource } from '../kernel/served-tool.js';
import type { McpRequest } from '../requests/mcp-request.js';
import type { RequestAnswer, RequestStep } from '../requests/request-step.js';
import type { TracingOption, TracingOptions } from './tracing-option.js';

/** The instrumentation scope of our spans. */
const TRACER_NAME = '@apcore-mcp/server';

/**
 * The tracing of a server's tool calls while `@apcore-mcp/observability` loads: the pipeline
 * entry now, the spans once loaded.
 *
 * @example
 * ```ts
 * const tracing = openTracing(true, tools);
 * await tracing?.ready();
 * ```
 */
export interface OpenedTracing {
  /**
   * The pipeline entry: everything below it runs inside the call's span. The runtime's opening
   * waits for {@link OpenedTracing.ready}, so no call comes before the package has loaded.
   */
  entry: CallMiddleware;
  /** The request pipeline's step: a span per request other than a tool call, everything below inside it. */
  requestEntry: RequestStep;
  /**
   * Resolves once the package has loaded.
   *
   * @throws {MissingPackageError} when `@apcore-mcp/observability` is not installed.
   */
  ready(): Promise<void>;
}

/**
 * Starts loading the tracing of tool calls with OpenTelemetry (`@apcore-mcp/observability`, and
 * through it the OpenTelemetry API), or `undefined` when the `tracing` option is off: then
 * neither is ever loaded.
 *
 * @example
 * ```ts
 * const tracing = openTracing({ tracer }, tools);
 * const router = new ExecutionRouter({ executor, tools, entries: { tracing: tracing?.entry } });
 * ```
 */
export function openTracing(option: TracingOption, tools: ToolSource): OpenedTracing | undefined {
  if (option === false) return undefined;
  const loading = loadTracing(option, tools);
  const entry = whenLoaded<ToolCall, CallAnswer>(loading.then((loaded) => loaded.call));
  const requestEntry = whenLoaded<McpRequest, RequestAnswer>(
    loading.then((loaded) => loaded.request),
  );
  return { entry, requestEntry, ready: () => loading.then(() => undefined) };
}

/**
 * A step that waits for `loading` the first time, then goes straight to the loaded step (or
 * past it, if it failed to load).
 */
function whenLoaded<T, A>(
  loading: Promise<(item: T, next: () => Promise<A>) => Promise<A>>,
): (item: T, next: () => Promise<A>) => Promise<A> {
  let run = async (item: T, next: () => Promise<A>): Promise<A> => {
    const loaded = await loading.catch(() => undefined);
    return loaded === undefined ? next() : loaded(item, next);
  };
  loading.then(
    (loaded) => {
      run = loaded;
    },
    () => {
      run = (_item, next) => next();
    },
  );
  return (item, next) => run(item, next);
}

async function loadTracing(
  option: true | TracingOptions,
  tools: ToolSource,
): Promise<{ call: CallMiddleware; request: RequestStep }> {
  const observability = await loadOptionalPackage(
    '@apcore-mcp/observability',
    'the tracing option',
    () => import('@apcore-mcp/observability'),
  );
  const tracer = option === true ? undefined : option.tracer;
  const scope = { name: TRACER_NAME, version: readPackageVersion() };
  const [call, request] = await Promise.all([
    observability.loadCallTracing({ tools, tracer, scope }),
    observability.loadRequestTracing({ tracer, scope }),
  ]);
  return { call, request };
}
