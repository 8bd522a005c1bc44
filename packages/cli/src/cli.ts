import { ExitCode } from './exit-codes.js';
import type { Invocation, ParseOutcome } from './invocation.js';
import { type CliIo, resolveIo } from './io.js';
import { CLI_VERSION } from './package-version.js';
import type { ResolvedSettings } from './settings/settings.js';

/** `tools list` names the tools; `tools check` dry-runs a call. */
async function runToolsCommand(
  command: 'tools list' | 'tools check',
  resolved: ResolvedSettings,
  flags: Invocation['flags'],
  io: CliIo,
): Promise<number> {
  if (command === 'tools list') {
    const { runToolsListCommand } = await import('./commands/tools-list-command.js');
    return runToolsListCommand(resolved, flags, io);
  }
  const { runToolsCheckCommand } = await import('./commands/tools-check-command.js');
  return runToolsCheckCommand(resolved, flags, io);
}

/** `events list` reads the extensions directory; `events watch` talks to a running server. */
async function runEventsCommand(
  command: 'events list' | 'events watch',
  resolved: ResolvedSettings,
  flags: Invocation['flags'],
  io: CliIo,
): Promise<number> {
  if (command === 'events list') {
    const { runEventsListCommand } = await import('./commands/events-list-command.js');
    return runEventsListCommand(resolved, flags, io);
  }
  const { runEventsWatchCommand } = await import('./commands/events-watch-command.js');
  return runEventsWatchCommand(flags, io);
}

/** `serve`, with the stdio front put first: it answers a client while the server loads. */
async function runServe(resolved: ResolvedSettings, io: CliIo): Promise<number> {
  const { openStdioOpening } = await import('./opening/open-stdio-opening.js');
  const opening = await openStdioOpening(resolved, io);
  const { runServeCommand } = await import('./commands/serve-command.js');
  return runServeCommand(resolved, io, { opening });
}

async function runInvocation(invocation: Invocation, io: CliIo): Promise<number> {
  const { withDevPresets } = await import('./commands/dev-presets.js');
  const { resolveSettings } = await import('./settings/resolve-settings.js');
  const flags = invocation.command === 'dev' ? withDevPresets(invocation.flags) : invocation.flags;
  const resolved = await resolveSettings({ flags, io });
  for (const warning of resolved.warnings) io.stderr.write(`Warning: ${warning}\n`);
  // Each command is loaded when it runs: starting the server should not load, say, the
  // OpenAI converter, and the server packages take most of the CLI's startup.
  switch (invocation.command) {
    case 'serve':
      return runServe(resolved, io);
    case 'dev': {
      const { runDevCommand } = await import('./commands/dev-command.js');
      return runDevCommand(resolved, io);
    }
    case 'worker': {
      const { runWorkerCommand } = await import('./commands/worker-command.js');
      return runWorkerCommand(resolved, io);
    }
    case 'tools list':
    case 'tools check':
      return runToolsCommand(invocation.command, resolved, invocation.flags, io);
    case 'resources list': {
      const { runResourcesListCommand } = await import('./commands/resources-list-command.js');
      return runResourcesListCommand(resolved, invocation.flags, io);
    }
    case 'events list':
    case 'events watch':
      return runEventsCommand(invocation.command, resolved, invocation.flags, io);
    case 'export': {
      const { runExportCommand } = await import('./commands/export/export-command.js');
      return runExportCommand(resolved, invocation.flags, io);
    }
    case 'ledger tail': {
      const { runLedgerTailCommand } = await import('./commands/ledger-tail-command.js');
      return runLedgerTailCommand(resolved, invocation.flags, io);
    }
    case 'usage': {
      const { runUsageCommand } = await import('./commands/usage-command.js');
      return runUsageCommand(resolved, invocation.flags, io);
    }
    case 'config validate': {
      const { runConfigValidateCommand } = await import('./commands/config-validate-command.js');
      return runConfigValidateCommand(resolved, io);
    }
  }
}

/** The command line as yargs reads it; the one clients spawn at every start without yargs. */
async function parseArguments(argv: readonly string[]): Promise<ParseOutcome> {
  const { readPlainServeLine } = await import('./plain-serve-line.js');
  const plain = readPlainServeLine(argv);
  if (plain !== undefined) return { kind: 'invocation', invocation: plain };
  const { parseCommandLine } = await import('./parse-command-line.js');
  return parseCommandLine(argv);
}

/** One `Error: ...` line per problem; no stack traces for what the user can fix. */
async function reportFailure(error: unknown, io: CliIo): Promise<number> {
  const { CliError } = await import('./cli-error.js');
  if (CliError.isInstance(error)) {
    for (const line of error.message.split('\n')) io.stderr.write(`Error: ${line}\n`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.stderr.write(`Error: ${message}\n`);
  if (error instanceof Error && io.env.APCORE_MCP_DEBUG_ERRORS !== undefined) {
    io.stderr.write(`${error.stack ?? ''}\n`);
  }
  return ExitCode.StartupFailure;
}

/**
 * Runs the `apcore-mcp` command line and resolves to its exit code; never throws and never
 * exits the process (the bin sets `process.exitCode`). `serve` resolves when the server has
 * shut down. Output goes to `io.stdout`, messages and logs to `io.stderr`.
 *
 * Exit codes: 0 success or normal shutdown; 1 invalid arguments (flag, variable or config file
 * value, missing or non-directory extensions directory); 2 startup failure (address in use,
 * permission denied) or a command line yargs rejects (unknown flag, `--transport` choice);
 * 3 `tools check` found the call would be refused.
 *
 * @example
 * ```ts
 * import { run } from '@apcore-mcp/cli';
 * const code = await run(['tools', 'list', '--extensions-dir', './extensions']);
 * process.exitCode = code;
 * ```
 */
export async function run(argv: readonly string[], io: Partial<CliIo> = {}): Promise<number> {
  const cliIo = resolveIo(io);
  try {
    // `apcore-mcp --version` is what clients and scripts run to probe the command: answered
    // before yargs and the option table load (0.9 s -> node's own start-up).
    if (argv.length === 1 && argv[0] === '--version') {
      cliIo.stdout.write(`${CLI_VERSION}\n`);
      return ExitCode.Success;
    }
    const outcome = await parseArguments(argv);
    if (outcome.kind === 'output') {
      cliIo.stdout.write(outcome.text.endsWith('\n') ? outcome.text : `${outcome.text}\n`);
      return ExitCode.Success;
    }
    return await runInvocation(outcome.invocation, cliIo);
  } catch (error) {
    return await reportFailure(error, cliIo);
  }
}
