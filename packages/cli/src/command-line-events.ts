import type { Argv } from 'yargs';
import { withJsonAndSettings } from './command-line-options.js';

/** Picks the invocation an `events` subcommand's handler reports. */
type PickEventsCommand = (
  command: 'events list' | 'events watch',
) => (flags: Record<string, unknown>) => void;

/**
 * `events list` reads the extensions directory, as `resources list` does; the server decides
 * which types a caller sees, so no other selection applies offline.
 */
function withEventsList(parser: Argv): Argv {
  return withJsonAndSettings(parser, ['extensions-dir']);
}

/** `events watch` talks to a running server: no settings, only where and what to watch. */
function withEventsWatch(parser: Argv): Argv {
  return parser
    .positional('name', { type: 'string', describe: 'The event type, e.g. stock.low' })
    .option('url', {
      type: 'string',
      requiresArg: true,
      demandOption: true,
      describe: "The server's MCP endpoint, e.g. http://127.0.0.1:8000/mcp",
    })
    .option('arguments', {
      type: 'string',
      requiresArg: true,
      describe: 'The subscription arguments as a JSON object, e.g. \'{"sku": "LMP-100"}\'',
    })
    .option('token', {
      type: 'string',
      requiresArg: true,
      describe: 'A bearer token for a server that authenticates its callers',
    })
    .option('poll', {
      type: 'boolean',
      describe: "Poll (events/poll) at the server's pace instead of streaming (events/stream)",
    });
}

/**
 * `apcore-mcp events list` and `apcore-mcp events watch NAME --url URL`.
 *
 * @example
 * ```ts
 * withEventsCommands(parser, (command) => (flags) => select({ command, flags }));
 * ```
 */
export function withEventsCommands(parser: Argv, pick: PickEventsCommand): Argv {
  return parser.command('events', 'Inspect and watch event types', (inner) =>
    inner
      .command(
        'list',
        'List the event types of the extensions directory as a table (or JSON)',
        withEventsList,
        pick('events list'),
      )
      .command(
        'watch <name>',
        "Print a running server's occurrences of an event type as JSON lines",
        withEventsWatch,
        pick('events watch'),
      )
      .demandCommand(1, 'Name a subcommand: apcore-mcp events list or apcore-mcp events watch'),
  );
}
