import { Executor, Registry } from '@apcore-mcp/runtime';
import { InvalidOptionError } from '@apcore-mcp/server';
import { runTaskWorker, type TaskWorkerHandle } from '@apcore-mcp/server/worker';
import { CliError } from '../cli-error.js';
import { createLogger } from '../create-logger.js';
import { ExitCode } from '../exit-codes.js';
import { findExtensionsDir } from '../extensions/extensions-dir.js';
import { logLoaded } from '../extensions/log-loaded.js';
import type { CliIo } from '../io.js';
import { readOpenapiSources } from '../openapi/read-openapi-sources.js';
import { registerDocuments } from '../openapi/register-documents.js';
import { loadAclFile } from '../settings/load-acl-file.js';
import { hidePassword } from '../settings/parse-setting-value.js';
import { refuseInvalidOptions, toInvalidArgument } from '../settings/refuse-invalid-options.js';
import { type ResolvedSettings, textSetting } from '../settings/settings.js';
import { openTasks } from './open-tasks.js';

/**
 * `apcore-mcp worker`: runs the attempts of the tasks that servers started with the same
 * `--tasks` keep in Redis, with the modules of the extensions directory behind the same call
 * pipeline (`--acl`, `--validate-inputs`, approval, result limits), and no MCP endpoint. Runs
 * until SIGINT/SIGTERM; resolves to the exit code.
 *
 * @throws {CliError} without `--tasks` or for a bad option or extensions directory (exit 1);
 *   when Redis cannot be reached (exit 2).
 */
export async function runWorkerCommand(resolved: ResolvedSettings, io: CliIo): Promise<number> {
  refuseInvalidOptions(resolved);
  const url = textSetting(resolved, 'tasks');
  if (url === undefined) {
    throw new CliError(
      'apcore-mcp worker needs --tasks redis://HOST:PORT: the Redis where the servers keep their tasks',
      { code: 'INVALID_ARGUMENT' },
    );
  }
  const openapi = await readOpenapiSources(resolved);
  const rootDir = await findExtensionsDir(resolved, openapi !== undefined);
  const acl = loadAclFile(resolved);
  const logger = createLogger(textSetting(resolved, 'log-level'), io);
  const registry = new Registry({
    ...(rootDir === undefined ? {} : { extensionsDir: rootDir }),
    logger,
  });
  if (rootDir !== undefined) logLoaded(await registry.discoverDetailed(), rootDir, logger);
  if (openapi !== undefined) {
    const options = { logger, withExtensions: rootDir !== undefined, projectRoot: io.cwd };
    await registerDocuments(registry, openapi, options);
  }
  const tasks = await openTasks(resolved, logger, { worker: true });
  if (tasks === undefined) return ExitCode.InvalidArguments;
  let handle: TaskWorkerHandle;
  try {
    const served = acl === undefined ? registry : new Executor(registry, { acl });
    handle = await runTaskWorker(served, {
      ...resolved.serveOptions,
      logger,
      tasks,
      handleSignals: true,
    });
  } catch (error) {
    await tasks.close();
    throw InvalidOptionError.isInstance(error) ? toInvalidArgument(error, resolved) : error;
  }
  const count = registry.list().length;
  io.stderr.write(
    `apcore-mcp: running task attempts of ${count} ${count === 1 ? 'module' : 'modules'} from ${hidePassword(url)}\n`,
  );
  await handle.closed;
  return ExitCode.Success;
}
