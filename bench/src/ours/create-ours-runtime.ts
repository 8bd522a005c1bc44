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
}

/**
 * What `serve()` assembles to answer `tools/call` for a registry — the tool table built once,
 * the default executor, the router — so that the overhead figure can time the router alone.
 *
 * @example
 * ```ts
 * const { router } = createOursRuntime(createWorkloadRegistry(100));
 * await router.handleCall('bench-tool_000', { value: 1 });
 * ```
 */
export function createOursRuntime(registry: Registry): OursRuntime {
  const executor = new Executor(registry);
  const tools = new ToolTable({ registry, builder: new ToolBuilder() });
  tools.refresh();
  return {
    executor,
    router: new ExecutionRouter({ executor, tools }),
    tracedRouter: new ExecutionRouter({ executor, tools, tracing: true }),
  };
}
