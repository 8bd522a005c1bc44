/**
 * The exit codes of the `apcore-mcp` command.
 *
 * @example
 * ```ts
 * process.exitCode = ExitCode.InvalidArguments;
 * ```
 */
export const ExitCode = Object.freeze({
  /** Normal end: the command finished, or the server shut down (SIGINT, SIGTERM, stdin closed). */
  Success: 0,
  /** A flag, environment variable or config file value is wrong; nothing was started. */
  InvalidArguments: 1,
  /** The server could not start (address in use, permission denied), or the command line did not parse. */
  StartupFailure: 2,
  /** `tools check`: the call would be refused (its input, the ACL or a limit). */
  CallRefused: 3,
});

/** One of the {@link ExitCode} values. */
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];
