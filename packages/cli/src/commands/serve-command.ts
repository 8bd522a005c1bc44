import { relative } from 'node:path';
import { type Definition, isDefinition, type Logger } from '@apcore-mcp/core/bridge';
import { type ACL, Executor, type Registry } from '@apcore-mcp/runtime';
import {
  InvalidOptionError,
  ListenError,
  type ServeOptions,
  type ServerHandle,
  startServer,
  type TransportName,
} from '@apcore-mcp/server';
import { createMemoryLimitStore, type LimitStore } from '@apcore-mcp/server/governance';
import { createRandomStateKey, joinSentence, optionNotices } from '@apcore-mcp/server/options';
import { CliError } from '../cli-error.js';
import { createLogger } from '../create-logger.js';
import { ExitCode } from '../exit-codes.js';
import { discoverModules } from '../extensions/discover-modules.js';
import { findExtensionsDir } from '../extensions/extensions-dir.js';
import { firstOfEachDefinition } from '../extensions/fixed-definitions.js';
import type { CliIo } from '../io.js';
import { type OpenapiSources, readOpenapiSources } from '../openapi/read-openapi-sources.js';
import type {
  RegisterDocumentsOptions,
  RegisteredDocuments,
} from '../openapi/register-documents.js';
import type { StdioOpening } from '../opening/open-stdio-opening.js';
import { loadAclFile } from '../settings/load-acl-file.js';
import { nameOption, unusedSettingsWarnings } from '../settings/name-option.js';
import { refuseInvalidOptions, toInvalidArgument } from '../settings/refuse-invalid-options.js';
import {
  flagSetting,
  numberSetting,
  type ResolvedSettings,
  textSetting,
} from '../settings/settings.js';
import { closeSharedBackends, openSharedBackends } from './open-backends.js';
import { refuseDeliveryWithoutEvents } from './open-events.js';
import { startWatchers } from './serve-watchers.js';

const TRANSPORT_TITLES: Record<TransportName, string> = {
  stdio: 'stdio',
  'streamable-http': 'Streamable HTTP',
  sse: 'SSE (deprecated)',
};

/**
 * The options given, plus what the command itself brings: its logger, the store it opened and
 * signal handling. What `serve()` would say about a missing key or store is said here, naming
 * the command's settings; the key and the store it would make are then passed in.
 */
function toServeOptions(
  resolved: ResolvedSettings,
  logger: Logger,
  store: LimitStore | undefined,
  definitions: DefinitionOptions,
): ServeOptions {
  const { serveOptions } = resolved;
  for (const { level, option, sentence } of optionNotices({ ...serveOptions, store })) {
    logger[level](
      { option },
      joinSentence(sentence, (name) => nameOption(name, resolved, false)),
    );
  }
  return {
    ...serveOptions,
    logger,
    stateKey: serveOptions.stateKey ?? createRandomStateKey(),
    store: store ?? createMemoryLimitStore(),
    handleSignals: true,
    ...definitions,
  };
}

type DefinitionOptions = Pick<
  ServeOptions,
  'resources' | 'resourceTemplates' | 'prompts' | 'eventTypes'
>;

/**
 * What the definition files declare, as the server's options: fixed lists, or under --watch
 * functions read on every request, so that a file edited, added or removed shows up (the
 * watcher then has the server tell clients, `definitionsChanged()`).
 */
function toDefinitionOptions(
  definitions: readonly Definition[] | (() => readonly Definition[]),
): DefinitionOptions {
  const ofKind = <K extends Definition['kind']>(kind: K) =>
    typeof definitions === 'function'
      ? () => definitions().filter((found) => isDefinition(found, kind))
      : definitions.filter((found) => isDefinition(found, kind));
  return {
    resources: ofKind('resource'),
    resourceTemplates: ofKind('resourceTemplate'),
    prompts: ofKind('prompt'),
    eventTypes: ofKind('eventType'),
  };
}

/** Startup failures: the address (exit 2), or an option the server refused (exit 1). */
function toStartupError(error: unknown, resolved: ResolvedSettings): unknown {
  if (ListenError.isInstance(error)) {
    const host = textSetting(resolved, 'host');
    const port = numberSetting(resolved, 'port');
    return new CliError(`${error.message} (--host ${host} --port ${port})`, {
      code: 'STARTUP_FAILED',
      exitCode: ExitCode.StartupFailure,
      details: { code: error.code, host, port },
      cause: error,
    });
  }
  return InvalidOptionError.isInstance(error) ? toInvalidArgument(error, resolved) : error;
}

/**
 * How long after the start the code of the modules listed from the cache is imported: past the
 * start's burst (a client's `initialize` and first `tools/list`), because the TypeScript loader
 * blocks the thread for a moment as it starts (measured by the bench's start figure).
 */
const CACHED_IMPORT_DELAY_MS = 1000;

/** Imports the cached modules' code once the start is answered; a call before then imports its own. */
function importCachedModulesLater(registry: Registry): NodeJS.Timeout {
  const timer = setTimeout(() => void registry.loadDeferred(), CACHED_IMPORT_DELAY_MS);
  timer.unref();
  return timer;
}

/**
 * One plain line once the server accepts connections (and handles signals): where to connect;
 * then one line per module or definition it does not serve, with its file and why.
 */
function announce(
  handle: ServerHandle,
  transport: TransportName,
  io: CliIo,
  rootDir: string | undefined,
): void {
  const where =
    (handle.url === undefined ? '' : ` at ${handle.url}`) +
    (handle.metricsUrl === undefined ? '' : `, metrics at ${handle.metricsUrl}`);
  const count = handle.tools.length;
  io.stderr.write(
    `apcore-mcp: serving ${count} ${count === 1 ? 'tool' : 'tools'} over ${TRANSPORT_TITLES[transport]}${where}\n`,
  );
  if (handle.inspectorUrl !== undefined) {
    io.stderr.write(`apcore-mcp: Tool Inspector at ${handle.inspectorUrl}\n`);
  }
  for (const { kind, name, file, reason } of handle.notServed) {
    const what = kind === 'resourceTemplate' ? 'resource template' : kind;
    const from =
      file === undefined ? '' : ` (${rootDir === undefined ? file : relative(rootDir, file)})`;
    io.stderr.write(`apcore-mcp: not serving ${what} ${name}${from}: ${reason}\n`);
  }
}

/**
 * Registers the operations of the `--openapi` documents, if any, and names at start the ones
 * that change data and run unasked.
 */
async function loadDocuments(
  registry: Registry,
  sources: OpenapiSources | undefined,
  options: RegisterDocumentsOptions,
  guards: { approval: string | undefined; acl: ACL | undefined },
): Promise<RegisteredDocuments | undefined> {
  if (sources === undefined) return undefined;
  // Loaded only with --openapi: the document parser is a large part of a start without it.
  const { registerDocuments } = await import('../openapi/register-documents.js');
  const { warnUnguardedWrites } = await import('../openapi/warn-unguarded-writes.js');
  const documents = await registerDocuments(registry, sources, options);
  warnUnguardedWrites(documents.modules, { ...guards, logger: options.logger });
  return documents;
}

/**
 * Starts the server: with rules, on an executor that checks them; without, on the registry (the
 * server's default executor, no ACL). A failure closes the shared backends and is the command's.
 */
async function startServing(
  registry: Registry,
  acl: ACL | undefined,
  options: ServeOptions,
  resolved: ResolvedSettings,
): Promise<ServerHandle> {
  try {
    return await startServer(
      acl === undefined ? registry : new Executor(registry, { acl }),
      options,
    );
  } catch (error) {
    await closeSharedBackends(options);
    throw toStartupError(error, resolved);
  }
}

/**
 * `apcore-mcp [serve]`: discovers the modules of the extensions directory, registers the
 * operations of the `--openapi` documents, and serves them until
 * SIGINT/SIGTERM or (stdio) the client closes stdin; resolves to the exit code. `prettyLogs`
 * writes logs for people (`dev` on a terminal) instead of JSON lines; `opening` is the stdio
 * front that answered the client's opening while the server loaded (see `openStdioOpening`).
 *
 * @throws {CliError} a bad option or extensions directory (exit 1), address in use or not
 *   permitted (exit 2).
 */
export async function runServeCommand(
  resolved: ResolvedSettings,
  io: CliIo,
  output: { prettyLogs?: boolean; opening?: StdioOpening | undefined } = {},
): Promise<number> {
  refuseInvalidOptions(resolved);
  refuseDeliveryWithoutEvents(resolved);
  const openapi = await readOpenapiSources(resolved);
  const rootDir = await findExtensionsDir(resolved, openapi !== undefined);
  // Before discovery: a bad rules file is a mistake in the command, found without loading modules.
  const acl = loadAclFile(resolved);
  const logger = createLogger(textSetting(resolved, 'log-level'), io, output);
  output.opening?.useLogger(logger);
  const transport = (textSetting(resolved, 'transport') ?? 'stdio') as TransportName;
  for (const warning of unusedSettingsWarnings(resolved, transport)) logger.warn(warning);
  const watch = flagSetting(resolved, 'watch');
  const { registry, report, files } = await discoverModules(resolved, rootDir, watch, logger);
  const documentOptions = { logger, withExtensions: rootDir !== undefined, projectRoot: io.cwd };
  const documents = await loadDocuments(registry, openapi, documentOptions, {
    approval: textSetting(resolved, 'approval'),
    acl,
  });
  const backends = await openSharedBackends(resolved, logger);
  const definitionOptions = toDefinitionOptions(
    files === undefined
      ? firstOfEachDefinition(report.definitions, logger)
      : () => files.definitions(),
  );
  const options = {
    ...toServeOptions(resolved, logger, backends.store, definitionOptions),
    ...backends.options,
    // A list answered from the last start's record is corrected, if it must be, by telling
    // clients it changed: the server declares it may.
    ...(output.opening === undefined ? {} : { stdio: output.opening.streams, dynamic: true }),
  };
  const handle = await startServing(registry, acl, options, resolved);
  const skillsDir = textSetting(resolved, 'skills-dir');
  const watched = { watch, files, rootDir, skillsDir, registry, openapi, documents };
  const watchers = await startWatchers({ ...watched, documentOptions, handle, logger });
  // Announce serving once changes are seen too: none made after the line is missed.
  await Promise.all(watchers.map((watcher) => watcher.ready));
  announce(handle, transport, io, rootDir);
  const importing = importCachedModulesLater(registry);
  await handle.closed;
  clearTimeout(importing);
  await output.opening?.settled();
  for (const watcher of watchers) await watcher.close();
  return ExitCode.Success;
}
