import type { Argv } from 'yargs';
import { GROUPING_KEYS, SELECTION_KEYS, withJsonAndSettings } from './command-line-options.js';

/** Picks the invocation a `tools` subcommand's handler reports. */
type PickToolsCommand = (
  command: 'tools list' | 'tools check',
) => (flags: Record<string, unknown>) => void;

/** `tools list` names and groups the tools as `serve` would, so it takes those settings too. */
function withToolsList(parser: Argv): Argv {
  return withJsonAndSettings(parser, [...SELECTION_KEYS, 'tool-names', ...GROUPING_KEYS]);
}

/**
 * What `tools check` takes: the tool and its arguments, the caller, and the settings that decide
 * a call before it runs (the tools and their names, approval, ACL, limits and their store).
 */
const CHECK_KEYS: readonly string[] = [
  ...SELECTION_KEYS,
  'tool-names',
  ...GROUPING_KEYS,
  'validate-inputs',
  'approval',
  'acl',
  'rate-limit',
  'rate-limit-destructive',
  'budget',
  'max-cost-per-call',
  'limits-file',
  'store',
  'log-level',
];

function withToolsCheck(parser: Argv): Argv {
  return withJsonAndSettings(parser, CHECK_KEYS)
    .positional('tool', { type: 'string', describe: 'The tool, by the name clients call it' })
    .option('args', {
      type: 'string',
      requiresArg: true,
      describe: 'The arguments as a JSON object, e.g. \'{"quantity": 2}\' (default {})',
    })
    .option('args-file', {
      type: 'string',
      requiresArg: true,
      describe: 'Read the arguments from this JSON file instead',
    })
    .conflicts('args', 'args-file')
    .option('subject', {
      type: 'string',
      requiresArg: true,
      describe: 'Check as this caller (identity id), for the ACL and per-subject limits',
    })
    .option('roles', {
      type: 'string',
      requiresArg: true,
      describe: "The caller's roles, comma-separated (with --subject)",
    });
}

/**
 * `apcore-mcp tools list` and `apcore-mcp tools check TOOL`.
 *
 * @example
 * ```ts
 * withToolsCommands(parser, (command) => (flags) => select({ command, flags }));
 * ```
 */
export function withToolsCommands(parser: Argv, pick: PickToolsCommand): Argv {
  return parser.command('tools', 'Inspect the tools an extensions directory would serve', (inner) =>
    inner
      .command('list', 'List the tools as a table (or JSON)', withToolsList, pick('tools list'))
      .command(
        'check <tool>',
        'Dry-run a call: input, ACL, approval and limits, without running the module',
        withToolsCheck,
        pick('tools check'),
      )
      .demandCommand(1, 'Name a subcommand: apcore-mcp tools list or apcore-mcp tools check'),
  );
}
