import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Logger, toModuleFilter } from '@apcore-mcp/core';
import { type DiscoveryReport, Executor, Registry } from '@apcore-mcp/runtime';
import {
  createRandomStateKey,
  InvalidOptionError,
  type LimitStore,
  ListenError,
  type ServeOptions,
  type ServerHandle,
  startServer,
} from '@apcore-mcp/server';
import { CliError } from '../cli-error.js';
import { createLogger } from '../create-logger.js';
import { ExitCode } from '../exit-codes.js';
import { requireExtensionsDir } from '../extensions/extensions-dir.js';
import { ModuleFiles } from '../extensions/module-files.js';
import { type ExtensionsWatcher, watchExtensions } from '../extensions/watch-extensions.js';
import type { CliIo } from '../io.js';
import { loadAclFile } from '../settings/load-acl-file.js';
import {
  describeSource,
  type ResolvedSettings,
  type SettingSource,
  type Settings,
} from '../settings/settings.js';
import { openStore, toLimitsOptions } from './governance-options.js';

const TRANSPORT_TITLES: Record<Settings['transport'], string> = {
  stdio: 'stdio',
  'streamable-http': 'Streamable HTTP',
  sse: 'SSE (deprecated)',
};

function toServeOptions(settings: Settings, logger: Logger, store: LimitStore): ServeOptions {
  const limits = toLimitsOptions(settings);
  return {
    transport: settings.transport,
    host: settings.host,
    port: settings.port,
    name: settings.name,
    ...(settings.serverVersion === undefined ? {} : { version: settings.serverVersion }),
    ...toModuleFilter(settings),
    toolNames: settings.toolNames,
    grouping: settings.grouping,
    maxTools: settings.maxTools,
    toonDescriptions: settings.toonDescriptions,
    groupAnnotations: settings.groupAnnotations,
    ...(settings.allowedOrigins === undefined
      ? {}
      : { allowedOrigins: settings.allowedOrigins.includes('*') ? '*' : settings.allowedOrigins }),
    logger,
    dynamic: settings.watch,
    ...(settings.metrics ? { metrics: true } : {}),
    ...(settings.metricsPort === undefined ? {} : { metricsPort: settings.metricsPort }),
    ...(settings.tracing ? { tracing: true } : {}),
    ...(settings.ledger === undefined ? {} : { ledger: settings.ledger }),
    ...toUsageOption(settings),
    maxSessions: settings.maxSessions,
    sessionIdleTimeoutMs: settings.sessionIdleTimeout * 1000,
    validateInputs: settings.validateInputs,
    toolSearch: settings.toolSearch,
    approval: settings.approval,
    stateKey: settings.stateKey ?? randomStateKey(logger),
    ...(limits === undefined ? {} : { limits }),
    store,
    handleSignals: true,
    ...(settings.auth === undefined ? {} : { auth: settings.auth }),
    ...(settings.cors === undefined ? {} : { cors: settings.cors }),
    ...(settings.tls === undefined ? {} : { tls: settings.tls }),
  };
}

/** `--usage`, and who sees all of it: an admin role turns it on, as the server's object form does. */
function toUsageOption(settings: Settings): Pick<ServeOptions, 'usage'> {
  const adminRoles = settings.usageAdminRoles;
  if (adminRoles.length > 0) return { usage: { adminRoles } };
  return settings.usage ? { usage: true } : {};
}

/**
 * A key of this process only, said at INFO in the CLI's own terms: the server's line would name
 * its `stateKey` option, which means nothing to someone running the command.
 */
function randomStateKey(logger: Logger): Uint8Array {
  logger.info(
    { setting: 'state-key-file' },
    'No state key given: answers of 2026-07-28 clients are signed with a random key of this ' +
      'process; several instances serving one endpoint need the same --state-key-file or ' +
      'APCORE_MCP_STATE_KEY',
  );
  return createRandomStateKey();
}

/** Startup failures: the address (exit 2), or an option the server refused (exit 1). */
function toStartupError(error: unknown, settings: Settings): unknown {
  if (ListenError.isInstance(error)) {
    return new CliError(`${error.message} (--host ${settings.host} --port ${settings.port})`, {
      code: 'STARTUP_FAILED',
      exitCode: ExitCode.StartupFailure,
      details: { code: error.code, host: settings.host, port: settings.port },
      cause: error,
    });
  }
  if (InvalidOptionError.isInstance(error)) {
    return new CliError(error.message, { code: 'INVALID_ARGUMENT', cause: error });
  }
  return error;
}

/**
 * Settings that only make sense with others: `--metrics-port` is for stdio (the HTTP transports
 * answer `/metrics` on their own port), `--usage` and `--usage-admin-role` for HTTP, and
 * `--ledger` needs its directory.
 */
function refuseMismatchedSettings(resolved: ResolvedSettings): void {
  const { settings } = resolved;
  if (settings.metricsPort !== undefined && settings.transport !== 'stdio') {
    throw new CliError(
      `--metrics-port applies to --transport stdio only; ${settings.transport} serves GET /metrics on --port with --metrics`,
      { code: 'INVALID_ARGUMENT' },
    );
  }
  const usageSource = usageAskedBy(resolved);
  if (usageSource !== undefined && settings.transport === 'stdio') {
    throw new CliError(
      `${describeSource(usageSource)}: GET /usage is served by --transport streamable-http or sse, not stdio`,
      { code: 'INVALID_ARGUMENT' },
    );
  }
  if (settings.ledger !== undefined && !isDirectory(dirname(settings.ledger))) {
    throw new CliError(
      `${describeSource(resolved.sources.ledger)}: directory ${dirname(settings.ledger)} does not exist (for ledger file ${settings.ledger})`,
      { code: 'INVALID_ARGUMENT' },
    );
  }
}

/** What asked for `GET /usage`: `--usage`, else `--usage-admin-role` (which turns it on). */
function usageAskedBy(resolved: ResolvedSettings): SettingSource | undefined {
  const { settings, sources } = resolved;
  if (settings.usage) return sources.usage;
  return settings.usageAdminRoles.length > 0 ? sources['usage-admin-role'] : undefined;
}

function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

/** The security settings secure HTTP: over stdio they would silently do nothing. */
function warnAboutHttpOnlySettings(settings: Settings, logger: Logger): void {
  if (settings.transport !== 'stdio') return;
  const given = [
    settings.auth && '--auth-*',
    settings.cors && '--cors-origins',
    settings.tls && '--tls-*',
  ].filter(Boolean);
  if (given.length === 0) return;
  logger.warn(
    { settings: given },
    `${given.join(', ')} apply to --transport streamable-http and sse only; ignored over stdio`,
  );
}

async function loadModules(
  registry: Registry,
  rootDir: string,
  settings: Settings,
  logger: Logger,
): Promise<{ report: DiscoveryReport; files: ModuleFiles | undefined }> {
  if (!settings.watch) return { report: await registry.discoverDetailed(), files: undefined };
  // Watch mode loads the files itself, to know which file registered which id.
  const files = new ModuleFiles({ registry, rootDir, logger });
  return { report: await files.loadAll(), files };
}

/**
 * `apcore-mcp [serve]`: discovers the modules of the extensions directory and serves them until
 * SIGINT/SIGTERM or (stdio) the client closes stdin; resolves to the exit code.
 *
 * @throws {CliError} bad extensions directory (exit 1), address in use or not permitted (exit 2).
 */
export async function runServeCommand(resolved: ResolvedSettings, io: CliIo): Promise<number> {
  const { settings } = resolved;
  refuseMismatchedSettings(resolved);
  const rootDir = await requireExtensionsDir(resolved);
  // Before discovery: a bad rules file is a mistake in the command, found without loading modules.
  const acl = loadAclFile(resolved);
  const logger = createLogger(settings.logLevel, io);
  warnAboutHttpOnlySettings(settings, logger);
  const registry = new Registry({ extensionsDir: rootDir, logger });
  const { report, files } = await loadModules(registry, rootDir, settings, logger);
  logger.info(
    { extensionsDir: rootDir, loaded: report.loaded.length, failed: report.failed.length },
    `Loaded ${report.loaded.length} modules from ${rootDir}${report.failed.length > 0 ? ` (${report.failed.length} files skipped)` : ''}`,
  );
  let watcher: ExtensionsWatcher | undefined;
  let handle: ServerHandle;
  const store = await openStore(settings, logger);
  try {
    // With rules, an executor that checks them; without, the server's default one (no ACL).
    const served = acl === undefined ? registry : new Executor(registry, { acl });
    handle = await startServer(served, toServeOptions(settings, logger, store));
  } catch (error) {
    await store.close();
    throw toStartupError(error, settings);
  }
  if (files !== undefined) {
    watcher = watchExtensions({ rootDir, sync: (path) => files.sync(path), logger });
  }
  // One plain line once the server accepts connections (and handles signals): where to connect.
  const where =
    (handle.url === undefined ? '' : ` at ${handle.url}`) +
    (handle.metricsUrl === undefined ? '' : `, metrics at ${handle.metricsUrl}`);
  const count = handle.tools.length;
  io.stderr.write(
    `apcore-mcp: serving ${count} ${count === 1 ? 'tool' : 'tools'} over ${TRANSPORT_TITLES[settings.transport]}${where}\n`,
  );
  await handle.closed;
  await watcher?.close();
  return ExitCode.Success;
}
