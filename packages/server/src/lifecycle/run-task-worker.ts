import type { TaskEngine } from '@apcore-mcp/core/bridge';
import { InvalidOptionError } from '../kernel/invalid-option-error.js';
import { type ResolveDefaults, resolveOptions } from '../options/resolve-options.js';
import type { ResolvedOptions, ServeOptions } from '../options/serve-options.js';
import { createRandomStateKey } from '../options/state-key.js';
import { createMemoryLimitStore } from '../store/memory-limit-store.js';
import { openClosing } from './closing.js';
import { openRuntime } from './open-runtime.js';
import type { RegistryOrExecutor } from './resolve-target.js';
import type { ServerRuntime } from './server-runtime.js';

/**
 * The options of {@link runTaskWorker}: those of `serve()`, with `tasks` required. What shapes
 * a call (ACL through the executor, `validateInputs`, `approval`, `maxResultBytes`, `identity`,
 * `contextFactory`, tracing, the ledger) applies to the attempts as it would to calls; what
 * serves clients (transport, HTTP, sessions, auth) has nothing to do here and is ignored.
 *
 * @example
 * ```ts
 * const options: TaskWorkerOptions = { tasks: engine, handleSignals: true };
 * ```
 */
export type TaskWorkerOptions = ServeOptions & { tasks: TaskEngine };

/**
 * A running task worker, as returned by {@link runTaskWorker}.
 *
 * @example
 * ```ts
 * const worker: TaskWorkerHandle = await runTaskWorker(registry, { tasks });
 * await worker.close();
 * ```
 */
export interface TaskWorkerHandle {
  /**
   * Stops: the engine stops taking attempts and hands on the running ones, then the ledger and
   * store close and `onShutdown` runs. Idempotent; resolves when done.
   */
  close(): Promise<void>;
  /** Resolves once the worker has stopped, whatever the reason (close, signal). */
  readonly closed: Promise<void>;
}

const WORKER_DEFAULTS: ResolveDefaults = {
  transport: 'stdio',
  handleSignals: false,
  allowAnyPort: true,
};

/**
 * Runs the attempts of tasks that servers elsewhere created, with no MCP endpoint at all: the
 * registry's modules behind the same call pipeline as `serve()`, fed by the engine in `tasks`
 * (one that keeps tasks where servers and workers share them, such as `@apcore-mcp/tasks`'
 * `createBullmqTaskEngine`). With `handleSignals: true` it stops on SIGINT/SIGTERM.
 *
 * @throws {InvalidOptionError} without `tasks`, or for a bad option, before anything starts.
 * @throws {TypeError} for a bad registry or executor.
 * @example
 * ```ts
 * import { createBullmqTaskEngine } from '@apcore-mcp/tasks';
 * import { runTaskWorker } from '@apcore-mcp/server/worker';
 *
 * const tasks = await createBullmqTaskEngine({ connection: 'redis://127.0.0.1:6379' });
 * const worker = await runTaskWorker(registry, { tasks, handleSignals: true });
 * await worker.closed;
 * ```
 */
export async function runTaskWorker(
  registryOrExecutor: RegistryOrExecutor,
  options: TaskWorkerOptions,
): Promise<TaskWorkerHandle> {
  if (options?.tasks === undefined) {
    const expected = 'a task engine shared with the servers, such as createBullmqTaskEngine(...)';
    throw new InvalidOptionError({ option: 'tasks', value: undefined, expected });
  }
  return openWorker(registryOrExecutor, options, 'task');
}

/**
 * Opens a runtime with no MCP endpoint for `registryOrExecutor` under `options`: the features
 * start what runs outside requests (task attempts, webhook deliveries), then `onStartup` runs.
 *
 * @throws {InvalidOptionError} for a bad option; what `onStartup` throws, once closed again.
 */
export async function openWorker(
  registryOrExecutor: RegistryOrExecutor,
  options: ServeOptions,
  role: 'task' | 'event delivery',
): Promise<TaskWorkerHandle> {
  // Workers answer no client: without a key shared with servers, or shared counters, their own.
  const resolved = resolveOptions(
    {
      ...options,
      stateKey: options.stateKey ?? createRandomStateKey(),
      store: options.store ?? createMemoryLimitStore(),
    },
    WORKER_DEFAULTS,
  );
  const runtime = await openRuntime(registryOrExecutor, resolved);
  const handle = createWorkerHandle(runtime, resolved);
  runtime.logger.info(
    { tools: runtime.tools.size },
    `apcore-mcp ${role} worker started: ${runtime.tools.size} tools registered`,
  );
  try {
    await resolved.onStartup?.();
  } catch (error) {
    runtime.logger.error({ err: error }, 'onStartup failed; shutting down');
    await handle.close();
    throw error;
  }
  return handle;
}

/** The handle: closing runs the servers' shutdown sequence, with nothing to stop serving. */
function createWorkerHandle(runtime: ServerRuntime, options: ResolvedOptions): TaskWorkerHandle {
  const running = { stopAccepting: () => {}, close: async () => {} };
  const { close, closed } = openClosing(
    { runtime, running, options, logger: runtime.logger },
    'running attempts',
  );
  return { close, closed };
}
