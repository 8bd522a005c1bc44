import type { Logger } from '../kernel/logger.js';
import type { ResolvedOptions } from '../options/serve-options.js';
import type { RunningTransport } from '../transports/transport-manager.js';
import type { ServerRuntime } from './server-runtime.js';
import { shutDown } from './shut-down.js';
import { watchSignals } from './signals.js';

/** How a started server or worker is closed, once, and how to wait for it. */
export interface Closing {
  /** Runs the shutdown sequence once; every later call gets the same promise. */
  close(): Promise<void>;
  /** Settles once closed, whoever closed it (`close()`, a signal). */
  readonly closed: Promise<void>;
  /** Whether closing has begun. */
  readonly begun: boolean;
}

/**
 * The closing of a started server or task worker: `close()` runs {@link shutDown} once; with
 * `handleSignals`, the first SIGINT/SIGTERM closes and a second one aborts what still runs
 * (`whatRuns` names it in the warning: "in-flight calls", "running attempts").
 *
 * @example
 * ```ts
 * const closing = openClosing({ runtime, running, options, logger }, 'in-flight calls');
 * await closing.close();
 * ```
 */
export function openClosing(
  parts: {
    runtime: ServerRuntime;
    running: Pick<RunningTransport, 'stopAccepting' | 'close'>;
    options: ResolvedOptions;
    logger: Logger;
  },
  whatRuns: string,
): Closing {
  const { runtime, options, logger } = parts;
  let resolveClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= shutDown(parts).finally(() => {
      stopWatching();
      resolveClosed();
    });
    return closing;
  };
  const stopWatching = options.handleSignals
    ? watchSignals({
        onFirst: (signal) => {
          logger.info({ signal }, `Received ${signal}; shutting down`);
          void close();
        },
        onRepeat: (signal) => {
          logger.warn({ signal }, `Received ${signal} again; cancelling ${whatRuns}`);
          runtime.router.abortAll();
        },
      })
    : () => {};
  return {
    close,
    closed,
    get begun() {
      return closing !== undefined;
    },
  };
}
