import { ErrorCodes, type Identity, ModuleError } from '@apcore-mcp/core';
import { suggestClosest } from '@apcore-mcp/core/bridge';
import { Executor } from '@apcore-mcp/runtime';
import { InvalidOptionError, type ServeOptions } from '@apcore-mcp/server';
import { checkCall } from '@apcore-mcp/server/governance';
import { CliError } from '../cli-error.js';
import { createLogger } from '../create-logger.js';
import { ExitCode } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { loadAclFile } from '../settings/load-acl-file.js';
import { refuseInvalidOptions, toInvalidArgument } from '../settings/refuse-invalid-options.js';
import { type ResolvedSettings, sourceOf, textSetting } from '../settings/settings.js';
import { formatPreflightReport } from './format-preflight-report.js';
import { buildListedTools, loadModulesForListing } from './load-modules-for-listing.js';
import { openStore } from './open-store.js';
import { readCallArguments } from './read-call-arguments.js';

/** The `serve()` options that decide a dry run: which tools, their names, approval, limits. */
const CHECKED_OPTIONS = [
  'tags',
  'anyTags',
  'excludeTags',
  'prefix',
  'toolNames',
  'grouping',
  'maxTools',
  'toonDescriptions',
  'groupAnnotations',
  'validateInputs',
  'approval',
  'limits',
] as const satisfies readonly (keyof ServeOptions)[];

/** The caller of `--subject ID --roles a,b`; none: the anonymous caller a stdio server sees. */
function readIdentity(flags: Readonly<Record<string, unknown>>): Identity | undefined {
  const roles = typeof flags.roles === 'string' ? flags.roles.split(',') : [];
  const given = roles.map((role) => role.trim()).filter((role) => role !== '');
  if (typeof flags.subject !== 'string') {
    if (given.length === 0) return undefined;
    throw new CliError('--roles needs --subject: the roles are those of a caller', {
      code: 'INVALID_ARGUMENT',
    });
  }
  if (flags.subject.trim() === '') {
    throw new CliError('--subject must not be empty', { code: 'INVALID_ARGUMENT' });
  }
  return { id: flags.subject, ...(given.length === 0 ? {} : { roles: given }) };
}

function unknownTool(tool: string, names: readonly string[]): CliError {
  const guess = suggestClosest(tool, names);
  const hint = guess === undefined ? '' : ` (did you mean "${guess}"?)`;
  return new CliError(`unknown tool "${tool}"${hint}; apcore-mcp tools list shows the tools`, {
    code: 'INVALID_ARGUMENT',
    details: { tool, ...(guess === undefined ? {} : { suggestion: guess }) },
  });
}

/**
 * `apcore-mcp tools check TOOL --args JSON`: the dry run a client gets with
 * `_meta["apcore/preflight"]: true`, run in this process through the same pipeline under the
 * settings `serve` reads (the modules and their names, `--acl`, the limits and `--store`,
 * counting nothing). Prints each check with ok or why not, or with `--json` the report itself.
 * Exit 0 when the call would run, 3 when it would be refused.
 *
 * @throws {CliError} `INVALID_ARGUMENT` (exit 1): an unknown tool (with the closest name), bad
 *   or unreadable arguments, `--roles` without `--subject`, a bad setting.
 */
export async function runToolsCheckCommand(
  resolved: ResolvedSettings,
  flags: Readonly<Record<string, unknown>>,
  io: CliIo,
): Promise<number> {
  refuseInvalidOptions(resolved);
  const tool = String(flags.tool);
  const args = await readCallArguments(flags);
  const identity = readIdentity(flags);
  const acl = loadAclFile(resolved);
  const source = await loadModulesForListing(resolved);
  const names = (await buildListedTools(source, resolved)).tools.map((served) => served.tool.name);
  if (!names.includes(tool)) throw unknownTool(tool, names);
  // Warnings only: a dry run has nothing to announce, and stdout is the report's.
  const logLevel = sourceOf(resolved, 'log-level').kind === 'default' ? 'WARNING' : undefined;
  const logger = createLogger(logLevel ?? textSetting(resolved, 'log-level'), io);
  const store = await openStore(resolved, logger);
  const options: ServeOptions = { logger, ...(store === undefined ? {} : { store }) };
  for (const key of CHECKED_OPTIONS) {
    const value = resolved.serveOptions[key];
    if (value !== undefined) Object.assign(options, { [key]: value });
  }
  const target = acl === undefined ? source.registry : new Executor(source.registry, { acl });
  try {
    const report = await checkCall(target, options, {
      tool,
      arguments: args,
      ...(identity === undefined ? {} : { identity }),
    });
    io.stdout.write(
      flags.json === true
        ? `${JSON.stringify(report, null, 2)}\n`
        : formatPreflightReport(tool, report),
    );
    return report.valid ? ExitCode.Success : ExitCode.CallRefused;
  } catch (error) {
    if (InvalidOptionError.isInstance(error)) throw toInvalidArgument(error, resolved);
    if (!ModuleError.isInstance(error)) throw error;
    if (error.code === ErrorCodes.MODULE_NOT_FOUND) throw unknownTool(tool, names);
    // Refused before any check (a grouped tool's unknown action): what a client is told.
    const refusal = { code: error.code, message: error.message };
    io.stdout.write(
      flags.json === true
        ? `${JSON.stringify({ refused: refusal }, null, 2)}\n`
        : `${tool}: the call would be refused: ${refusal.code}: ${refusal.message}\n`,
    );
    return ExitCode.CallRefused;
  }
}
