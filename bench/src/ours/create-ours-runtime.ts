import { loadCallTracing, loadServerMetrics } from '@apcore-mcp/observability';
import { Executor, type Registry } from '@apcore-mcp/runtime';
// The call-overhead figure times the router itself, which the server's public API does not
// expose (it is reached through an SDK server, whose cost would drown it): read from source.
import { ExecutionRouter } from '../../../packages/server/src/calls/execution-router.js';
import { ToolBuilder } from '../../../packages/server/src/tools/tool-builder.js';
import { ToolTable } from '../../../packages/server/src/tools/tool-table.js';

/** The executor and the router `serve()` would make for a registry. */
export interface OursRuntime {
  executor: Executor;
  router: ExecutionRouter;
  /** The same router with `tracing: true`: without a registered OTel SDK, a no-op tracer. */
  tracedRouter: ExecutionRouter;
  /**
   * The same router with `tracing: true` and Prometheus metrics (`metrics: true`) observing
   * every call: what an operator who turns both on pays per call.
   */
  observedRouter: ExecutionRouter;
}

/**
 * What `serve()` assembles to answer `tools/call` for a registry — the tool table built once,
 * the default executor, the router — so that the overhead figure can time the router alone.
 *
 * @example
 * ```ts
 * const { router } = await createOursRuntime(createWorkloadRegistry(100));
 * await router.handleCall('bench-tool_000', { value: 1 });
 * ```
 */
export async function createOursRuntime(registry: Registry): Promise<OursRuntime> {
  const executor = new Executor(registry);
  const tools = new ToolTable({ registry, builder: new ToolBuilder() });
  tools.refresh();
  const traced = { tracing: await loadCallTracing({ tools }) };
  const observedRouter = new ExecutionRouter({ executor, tools, entries: traced });
  observedRouter.observer = await loadServerMetrics(true, {
    tools: () => tools.size,
    inFlight: () => observedRouter.activeCalls,
  });
  return {
    executor,
    router: new ExecutionRouter({ executor, tools }),
    tracedRouter: new ExecutionRouter({ executor, tools, entries: traced }),
    observedRouter,
  };
}
