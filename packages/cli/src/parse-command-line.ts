import yargs, { type Argv } from 'yargs';
import { CliError } from './cli-error.js';
import { withEventsCommands } from './command-line-events.js';
import { withExportCommands } from './command-line-export.js';
import { withHelpText } from './command-line-help.js';
import {
  GROUPING_KEYS,
  SELECTION_KEYS,
  withJsonAndSettings,
  withSettings,
} from './command-line-options.js';
import { withToolsCommands } from './command-line-tools.js';
import { DEV_HELP_DEFAULTS } from './commands/dev-presets.js';
import { ExitCode } from './exit-codes.js';
import { type CommandName, type Invocation, type ParseOutcome, SCRIPT_NAME } from './invocation.js';
import { CLI_VERSION } from './package-version.js';
import { toKebabCase } from './settings/setting-names.js';
import { SETTING_SPECS } from './settings/setting-specs.js';

const HELP_WIDTH = 100;

function withJson(parser: Argv): Argv {
  return withJsonAndSettings(parser, SELECTION_KEYS);
}

/** `ledger tail` and `usage` read the ledger file a server wrote. */
function withLedgerReader(parser: Argv): Argv {
  return withJsonAndSettings(parser, ['ledger'], {
    ledger: {
      help: 'The ledger file to read: the JSON lines a server started with --ledger wrote',
    },
  });
}

function withLedgerTail(parser: Argv): Argv {
  return withLedgerReader(parser)
    .option('subject', { type: 'string', requiresArg: true, describe: 'Only this subject' })
    .option('lines', {
      alias: 'n',
      type: 'string',
      requiresArg: true,
      describe: 'How many of the latest records (default 20)',
    })
    .option('follow', {
      alias: 'f',
      type: 'boolean',
      describe: 'Keep printing new records until Ctrl-C',
    });
}

function withUsage(parser: Argv): Argv {
  return withLedgerReader(parser).option('since', {
    type: 'string',
    requiresArg: true,
    describe: 'Only calls since an ISO date or a duration back (30m, 24h, 7d)',
  });
}

/** The subcommands that read the call ledger. */
function withLedgerCommands(parser: Argv, pick: PickCommand): Argv {
  return parser
    .command('ledger', 'Read the call ledger (--ledger FILE)', (inner) =>
      inner
        .command(
          'tail',
          'Print the latest records as a table (or JSON lines)',
          withLedgerTail,
          pick('ledger tail'),
        )
        .demandCommand(1, 'Name a subcommand: apcore-mcp ledger tail'),
    )
    .command(
      'usage',
      'Per tool calls, errors, p50/p95 and last call, from the ledger file',
      withUsage,
      pick('usage'),
    );
}

/**
 * What `worker` takes: the modules and how they are named (the same tools as the servers'),
 * what shapes a call, the task store, and the event store with what a delivery needs (the
 * servers' state key, which signs cursors; the callback rules). A config file shared with the
 * servers may hold more; the rest is ignored.
 */
const WORKER_KEYS: readonly string[] = [
  ...SELECTION_KEYS,
  'tool-names',
  ...GROUPING_KEYS,
  'validate-inputs',
  'max-result-bytes',
  'approval',
  'acl',
  'ledger',
  'log-level',
  'tracing',
  'tasks',
  'task-lost-after',
  'events',
  'event-delivery-lock',
  'state-key',
  'state-key-file',
  'webhook-attempts',
  'webhook-timeout',
  'webhook-allow-http',
  'webhook-allow-private',
];

/** Picks the invocation a command's handler reports. */
type PickCommand = (command: CommandName) => (flags: Record<string, unknown>) => void;

/** The subcommands that inspect, export and validate rather than serve. */
function withInspectionCommands(parser: Argv, pick: PickCommand): Argv {
  return withEventsCommands(withExportCommands(withToolsCommands(parser, pick), pick), pick)
    .command('resources', 'Inspect the documentation resources', (inner) =>
      inner
        .command(
          'list',
          'List the resources as a table (or JSON)',
          withJson,
          pick('resources list'),
        )
        .demandCommand(1, 'Name a subcommand: apcore-mcp resources list'),
    )
    .command('config', 'Config file tools', (inner) =>
      inner
        .command(
          'validate',
          'Check the config file and environment; load the extensions directory',
          (validate) => withSettings(validate, []),
          pick('config validate'),
        )
        .demandCommand(1, 'Name a subcommand: apcore-mcp config validate'),
    );
}

function buildParser(argv: readonly string[], select: (invocation: Invocation) => void): Argv {
  const pick: PickCommand = (command) => (flags) => select({ command, flags });
  const serveKeys = SETTING_SPECS.map((spec) => spec.key);
  const parser = yargs([...argv])
    .scriptName(SCRIPT_NAME)
    .usage(
      '$0 [serve] --extensions-dir DIR [options]\n$0 [serve] --openapi FILE|URL [options]\n\nServe apcore modules, or the operations of an OpenAPI document, as an MCP server.',
    )
    .command(
      ['serve', '$0'],
      'Discover the modules of an extensions directory (and OpenAPI documents) and serve them over MCP',
      (serve) => withSettings(serve, serveKeys),
      pick('serve'),
    )
    .command(
      'dev',
      'Serve for writing modules: Streamable HTTP on 127.0.0.1, --watch, and the Tool Inspector allowed to call tools',
      (dev) => withSettings(dev, serveKeys, DEV_HELP_DEFAULTS),
      pick('dev'),
    )
    .command(
      'worker',
      'Run the attempts of the tasks servers keep in Redis (--tasks), with no MCP endpoint',
      (worker) => withSettings(worker, WORKER_KEYS),
      pick('worker'),
    );
  return withHelpText(withLedgerCommands(withInspectionCommands(parser, pick), pick))
    .version(CLI_VERSION)
    .alias('help', 'h')
    .strict()
    .exitProcess(false)
    .wrap(HELP_WIDTH)
    .fail((message, error) => {
      throw error ?? new Error(message);
    });
}

/** yargs reports an unknown `--bogus-flag` twice, also as `bogusFlag`: keep the typed one. */
function withoutCamelTwins(names: readonly string[]): string[] {
  return names.filter((name) => toKebabCase(name) === name || !names.includes(toKebabCase(name)));
}

/**
 * yargs' messages span lines and name flags without dashes ("Invalid values:\n  Argument:
 * transport, Given: ..."); we print one line that names the flag as it is typed.
 */
function toOneLine(message: string, argv: readonly string[]): string {
  const describeUnknown = (name: string): string => {
    if (argv.includes(name)) return `argument "${name}"`;
    return name.length === 1 ? `flag -${name}` : `flag --${name}`;
  };
  return message
    .replace(
      /Argument: ([\w-]+), Given: (.+?), Choices: (.+)/g,
      (_match, flag: string, given: string, choices: string) =>
        `--${flag} must be one of ${choices.replaceAll('"', '')} (got ${given})`,
    )
    .replace(/^Invalid values?:\s*/, '')
    .replace(/Not enough arguments following: ([\w-]+)/, '--$1 needs a value')
    .replace(
      /Unknown arguments?: (.+)/,
      (_match, names: string) =>
        `unknown ${withoutCamelTwins(names.split(', ')).map(describeUnknown).join(', ')}`,
    )
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('; ');
}

/**
 * Parses the command line with yargs. `--help` and `--version` give their text back instead of
 * an invocation.
 *
 * @throws {CliError} `USAGE_ERROR` (exit 2): unknown flag or command, a `--transport` or
 *   `--log-level` outside its choices, a flag without its value.
 * @example
 * ```ts
 * const outcome = await parseCommandLine(['tools', 'list', '--extensions-dir', './ext']);
 * ```
 */
export async function parseCommandLine(argv: readonly string[]): Promise<ParseOutcome> {
  let selected: Invocation | undefined;
  let output = '';
  const parser = buildParser(argv, (invocation) => {
    selected = invocation;
  });
  try {
    await parser.parseAsync([...argv], {}, (_error, _flags, text) => {
      output = text;
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new CliError(`${toOneLine(message, argv)} (see apcore-mcp --help)`, {
      code: 'USAGE_ERROR',
      exitCode: ExitCode.StartupFailure,
      cause: error,
    });
  }
  if (selected !== undefined) return { kind: 'invocation', invocation: selected };
  return { kind: 'output', text: output };
}
