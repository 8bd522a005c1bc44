import type { EventTypeDefinition } from '@apcore-mcp/core';
import {
  type EventBackend,
  isDefinition,
  type Logger,
  type TaskEngine,
} from '@apcore-mcp/core/bridge';
import { Executor, Registry } from '@apcore-mcp/runtime';
import { InvalidOptionError } from '@apcore-mcp/server';
import {
  runEventDeliveryWorker,
  runTaskWorker,
  type TaskWorkerHandle,
} from '@apcore-mcp/server/worker';
import { CliError } from '../cli-error.js';
import { createLogger } from '../create-logger.js';
import { ExitCode } from '../exit-codes.js';
import { findExtensionsDir } from '../extensions/extensions-dir.js';
import { firstOfEachDefinition } from '../extensions/fixed-definitions.js';
import { logLoaded } from '../extensions/log-loaded.js';
import type { CliIo } from '../io.js';
import { readOpenapiSources } from '../openapi/read-openapi-sources.js';
import { registerDocuments } from '../openapi/register-documents.js';
import { loadAclFile } from '../settings/load-acl-file.js';
import { hidePassword } from '../settings/parse-setting-value.js';
import { refuseInvalidOptions, toInvalidArgument } from '../settings/refuse-invalid-options.js';
import { type ResolvedSettings, textSetting } from '../settings/settings.js';
import { openEvents, refuseDeliveryWithoutEvents } from './open-events.js';
import { openTasks } from './open-tasks.js';

/**
 * `apcore-mcp worker`: runs the attempts of the tasks that servers started with the same
 * `--tasks` keep in Redis, and delivers the webhooks of the events kept in the Redis of
 * `--events`, with the modules and event types of the extensions directory behind the same call
 * pipeline (`--acl`, `--validate-inputs`, approval, result limits), and no MCP endpoint. Runs
 * until SIGINT/SIGTERM; resolves to the exit code.
 *
 * @throws {CliError} without `--tasks` and `--events` or for a bad option or extensions
 *   directory (exit 1); when Redis cannot be reached (exit 2).
 */
export async function runWorkerCommand(resolved: ResolvedSettings, io: CliIo): Promise<number> {
  refuseInvalidOptions(resolved);
  const tasksUrl = textSetting(resolved, 'tasks');
  const eventsUrl = textSetting(resolved, 'events');
  if (tasksUrl === undefined && eventsUrl === undefined) {
    throw new CliError(
      'apcore-mcp worker needs --tasks redis://HOST:PORT (the Redis where the servers keep their tasks), --events redis://HOST:PORT (where they keep their events), or both',
      { code: 'INVALID_ARGUMENT' },
    );
  }
  refuseDeliveryWithoutEvents(resolved);
  const openapi = await readOpenapiSources(resolved);
  const rootDir = await findExtensionsDir(resolved, openapi !== undefined);
  const acl = loadAclFile(resolved);
  const logger = createLogger(textSetting(resolved, 'log-level'), io);
  const registry = new Registry({
    ...(rootDir === undefined ? {} : { extensionsDir: rootDir }),
    logger,
  });
  const report = rootDir === undefined ? undefined : await registry.discoverDetailed();
  if (report !== undefined && rootDir !== undefined) logLoaded(report, rootDir, logger);
  if (openapi !== undefined) {
    const options = { logger, withExtensions: rootDir !== undefined, projectRoot: io.cwd };
    await registerDocuments(registry, openapi, options);
  }
  const tasks = await openTasks(resolved, logger, { worker: true });
  const eventBackend = await openEvents(resolved, logger, { worker: true });
  const eventTypes = firstOfEachDefinition(report?.definitions ?? [], logger).filter((found) =>
    isDefinition(found, 'eventType'),
  );
  let handle: TaskWorkerHandle;
  try {
    const served = acl === undefined ? registry : new Executor(registry, { acl });
    handle = await runWorker(served, {
      resolved,
      logger,
      tasks,
      eventBackend,
      eventTypes,
    });
  } catch (error) {
    await tasks?.close();
    await eventBackend?.log.close();
    throw InvalidOptionError.isInstance(error) ? toInvalidArgument(error, resolved) : error;
  }
  announce(registry.list().length, { tasks: tasksUrl, events: eventsUrl }, io);
  await handle.closed;
  return ExitCode.Success;
}

/** The worker for what was given: deliveries (and attempts, with `--tasks`), or attempts. */
function runWorker(
  served: Registry | Executor,
  parts: {
    resolved: ResolvedSettings;
    logger: Logger;
    tasks: TaskEngine | undefined;
    eventBackend: EventBackend | undefined;
    eventTypes: readonly EventTypeDefinition[];
  },
): Promise<TaskWorkerHandle> {
  const { resolved, logger, tasks, eventBackend, eventTypes } = parts;
  const options = {
    ...resolved.serveOptions,
    logger,
    handleSignals: true,
    ...(tasks === undefined ? {} : { tasks }),
  };
  if (eventBackend === undefined) {
    if (tasks === undefined) throw new Error('A worker runs task attempts or deliveries');
    return runTaskWorker(served, { ...options, tasks });
  }
  if (resolved.serveOptions.stateKey === undefined) {
    // Deliveries carry cursors signed with the key: the servers read them only if it is theirs.
    logger.warn(
      'apcore-mcp worker --events without --state-key: the cursors in its webhook deliveries are signed with a key of its own, which the servers read as a gap',
    );
  }
  return runEventDeliveryWorker(served, {
    ...options,
    eventBackend,
    eventTypes,
  });
}

/** One plain line once the worker runs: what it does, from where. */
function announce(
  count: number,
  urls: { tasks: string | undefined; events: string | undefined },
  io: CliIo,
): void {
  const modules = `${count} ${count === 1 ? 'module' : 'modules'}`;
  const work = [
    ...(urls.tasks === undefined
      ? []
      : [`task attempts of ${modules} from ${hidePassword(urls.tasks)}`]),
    ...(urls.events === undefined ? [] : [`webhook deliveries from ${hidePassword(urls.events)}`]),
  ];
  io.stderr.write(`apcore-mcp: running ${work.join(' and ')}\n`);
}
