// What a parsed command line is, whichever parser read it.

/** The commands `apcore-mcp` runs. */
export type CommandName =
  | 'serve'
  | 'dev'
  | 'worker'
  | 'tools list'
  | 'tools check'
  | 'resources list'
  | 'events list'
  | 'events watch'
  | 'export'
  | 'config validate'
  | 'ledger tail'
  | 'usage';

/** A parsed command line: which command, with which flags (yargs argv, camelCase keys). */
export interface Invocation {
  command: CommandName;
  flags: Readonly<Record<string, unknown>>;
}

/** Either a command to run, or text yargs produced instead (`--help`, `--version`). */
export type ParseOutcome =
  | { kind: 'invocation'; invocation: Invocation }
  | { kind: 'output'; text: string };

/** What yargs names the program in the parsed flags' `$0`. */
export const SCRIPT_NAME = 'apcore-mcp';
