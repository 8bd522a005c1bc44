import { Executor, type Registry } from '@apcore-mcp/runtime';
import {
  DocumentationResources,
  ExecutionRouter,
  MCPServerFactory,
  RegistryListener,
} from '@apcore-mcp/server';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

/** Our side of the call figures, assembled from the public building blocks of the server. */
export interface OursRuntime {
  executor: Executor;
  router: ExecutionRouter;
  /** A new SDK server over the shared tools and router, for one connection. */
  createServer(): Server;
}

/**
 * What `serve()` assembles for a registry — the tool table built once, the executor, the
 * router, the documentation resources, one SDK `Server` per connection — made from
 * `@apcore-mcp/server`'s public exports only, so it can be connected to any transport (the
 * in-memory pair here).
 *
 * @example
 * ```ts
 * const ours = createOursRuntime(createWorkloadRegistry(100));
 * await ours.createServer().connect(serverTransport);
 * ```
 */
export function createOursRuntime(registry: Registry): OursRuntime {
  const executor = new Executor(registry);
  const factory = new MCPServerFactory();
  const tools = new RegistryListener({ registry, factory });
  tools.refresh();
  const router = new ExecutionRouter({ executor, tools });
  const resources = new DocumentationResources({ registry, tools });
  return {
    executor,
    router,
    createServer: () =>
      factory.createServer({ name: 'apcore-mcp', version: '0.0.0', tools, router, resources }),
  };
}
