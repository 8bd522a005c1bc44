/** Where a command writes and what it reads from its surroundings. */
export interface CliIo {
  /** Command output (tables, JSON). In stdio serve mode nothing but protocol goes here. */
  stdout: { write(text: string): unknown };
  /** Messages, warnings and logs. */
  stderr: { write(text: string): unknown };
  /** Environment variables (`APCORE_MCP_*` overrides). */
  env: Readonly<Record<string, string | undefined>>;
  /** The directory relative paths and the default config file are resolved against. */
  cwd: string;
}

/** The process's own streams, environment and working directory, for anything not given. */
export function resolveIo(io: Partial<CliIo> = {}): CliIo {
  return {
    stdout: io.stdout ?? process.stdout,
    stderr: io.stderr ?? process.stderr,
    env: io.env ?? process.env,
    cwd: io.cwd ?? process.cwd(),
  };
}
