import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Logger } from '../kernel/logger.js';
import type { ResolvedOptions } from '../options/serve-options.js';
import type { RunningTransport } from '../transports/transport-manager.js';
import type { ServerRuntime } from './server-runtime.js';

/** After the grace period, how long aborted calls get to answer before connections close. */
const ABORT_SETTLE_MS = 250;

/**
 * The shutdown sequence of every host (`serve`, `startServer`, `createMcpHandler`, the task
 * worker): stop taking connections, let the features drain (a task engine's attempts), stop
 * taking calls, let in-flight calls finish (up to `shutdownGraceMs`, then abort their
 * signals), close every session and connection, write out the ledger and close the store,
 * stop following the registry, run `onShutdown`. Never rejects: a failing step is logged and the next one runs.
 *
 * @example
 * ```ts
 * await shutDown({ runtime, running: { stopAccepting: () => {}, close: () => http.close() }, options, logger });
 * ```
 */
export async function shutDown(parts: {
  runtime: ServerRuntime;
  /** What serves the clients: a transport, or a mounted handler (which accepts no connections). */
  running: Pick<RunningTransport, 'stopAccepting' | 'close'>;
  options: ResolvedOptions;
  logger: Logger;
}): Promise<void> {
  const { runtime, running, options, logger } = parts;
  running.stopAccepting();
  await runtime.features.drain(logger);
  runtime.router.stopAccepting();
  await drainCalls(runtime, options.shutdownGraceMs, logger);
  // A call counts as done once settled; its answer reaches the transport a few promise steps
  // later (tracing, the SDK's handler). Those steps all run before the next turn of the loop.
  await nextTurn();
  await step(logger, 'closing the transport', () => running.close());
  // After the transport: every call has answered (or been cancelled), so no record is left out.
  await runtime.closeState();
  runtime.unload();
  if (options.onShutdown) await step(logger, 'onShutdown', options.onShutdown);
  logger.info('apcore-mcp server stopped');
}

/** Waits for in-flight calls; after the grace period, aborts them and waits a moment more. */
async function drainCalls(runtime: ServerRuntime, graceMs: number, logger: Logger): Promise<void> {
  const active = runtime.router.activeCalls;
  if (active === 0) return;
  logger.info({ activeCalls: active, graceMs }, 'Waiting for in-flight calls to finish');
  if (await runtime.router.drain(graceMs)) return;
  logger.warn(
    { activeCalls: runtime.router.activeCalls },
    'Shutdown grace period over; cancelling in-flight calls',
  );
  runtime.router.abortAll();
  await runtime.router.drain(ABORT_SETTLE_MS);
}

async function step(logger: Logger, name: string, run: () => unknown): Promise<void> {
  try {
    await run();
  } catch (error) {
    logger.error({ err: error }, `Shutdown step failed: ${name}`);
  }
}
