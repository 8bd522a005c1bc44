import type { Logger } from '@apcore-mcp/core/bridge';
import type { ServeOptions } from '@apcore-mcp/server';
import type { LimitStore } from '@apcore-mcp/server/governance';
import type { ResolvedSettings } from '../settings/settings.js';
import { openEvents } from './open-events.js';
import { openStore } from './open-store.js';
import { openTasks } from './open-tasks.js';

/**
 * What `serve` shares with other instances through Redis, when asked: the limit store of
 * `--store`, the task engine of `--tasks`, the event backend of `--events`.
 *
 * @example
 * ```ts
 * const { store, options } = await openSharedBackends(resolved, logger);
 * ```
 */
export interface SharedBackends {
  readonly store: LimitStore | undefined;
  /** The server's options for the task engine and the event backend, those opened only. */
  readonly options: Pick<ServeOptions, 'tasks' | 'eventBackend'>;
}

/**
 * Opens the Redis-backed parts the settings ask for (each package loaded with its flag only);
 * the server closes them on shutdown, {@link closeSharedBackends} when it fails to start.
 *
 * @throws {CliError} when one cannot be reached (exit 2).
 * @example
 * ```ts
 * const backends = await openSharedBackends(resolved, logger);
 * ```
 */
export async function openSharedBackends(
  resolved: ResolvedSettings,
  logger: Logger,
): Promise<SharedBackends> {
  const store = await openStore(resolved, logger);
  const tasks = await openTasks(resolved, logger, { worker: false });
  const eventBackend = await openEvents(resolved, logger, { worker: false });
  return {
    store,
    options: {
      ...(tasks === undefined ? {} : { tasks }),
      ...(eventBackend === undefined ? {} : { eventBackend }),
    },
  };
}

/**
 * Closes what {@link openSharedBackends} opened, for a server that did not start.
 *
 * @example
 * ```ts
 * await closeSharedBackends(options);
 * ```
 */
export async function closeSharedBackends(
  options: Pick<ServeOptions, 'store' | 'tasks' | 'eventBackend'>,
): Promise<void> {
  await options.store?.close();
  await options.tasks?.close();
  await options.eventBackend?.log.close();
}
