import type { CallMiddleware } from '../calls/pipeline/call-middleware.js';
import { loadOptionalPackage } from '../kernel/load-optional-package.js';
import { readPackageVersion } from '../kernel/package-version.js';
import type { ToolSource } from '../kernel/served-tool.js';
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
  const loading = loadCallTracing(option, tools);
  let run: CallMiddleware = async (call, next) => {
    const loaded = await loading.catch(() => undefined);
    return loaded === undefined ? next() : loaded(call, next);
  };
  // From then on a call goes straight to the loaded entry (or past it, if it failed to load).
  loading.then(
    (loaded) => {
      run = loaded;
    },
    () => {
      run = (_call, next) => next();
    },
  );
  return {
    entry: (call, next) => run(call, next),
    ready: () => loading.then(() => undefined),
  };
}

async function loadCallTracing(
  option: true | TracingOptions,
  tools: ToolSource,
): Promise<CallMiddleware> {
  const observability = await loadOptionalPackage(
    '@apcore-mcp/observability',
    'the tracing option',
    () => import('@apcore-mcp/observability'),
  );
  return observability.loadCallTracing({
    tools,
    tracer: option === true ? undefined : option.tracer,
    scope: { name: TRACER_NAME, version: readPackageVersion() },
  });
}
