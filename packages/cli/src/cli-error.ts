import { ApcoreMcpError } from '@apcore-mcp/core';
import { ExitCode, type ExitCodeValue } from './exit-codes.js';

const MARKER = Symbol.for('apcore-mcp.error.CliError');

/** The error codes a {@link CliError} carries. */
export type CliErrorCode =
  | 'INVALID_ARGUMENT'
  | 'USAGE_ERROR'
  | 'STARTUP_FAILED'
  | 'CONFIG_INVALID'
  | 'TOOL_NAME_COLLISION';

/** Options of {@link CliError}. */
export interface CliErrorOptions {
  /** What went wrong, machine-readable. */
  code: CliErrorCode;
  /** The exit code the command ends with; default 1 (invalid arguments). */
  exitCode?: ExitCodeValue;
  /** Facts for programs (the flag, the value, the file). */
  details?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * A user-facing failure of the command: its message is printed as one `Error: ...` line on
 * stderr (no stack trace) and the command ends with `exitCode`. An {@link ApcoreMcpError}.
 *
 * @example
 * ```ts
 * throw new CliError('--port must be an integer between 1 and 65535 (got 0)', {
 *   code: 'INVALID_ARGUMENT',
 *   details: { flag: '--port', value: '0' },
 * });
 * ```
 */
export class CliError extends ApcoreMcpError {
  declare readonly code: CliErrorCode;
  readonly exitCode: ExitCodeValue;

  constructor(message: string, options: CliErrorOptions) {
    super({ ...options, message });
    this.name = 'CliError';
    Object.defineProperty(this, MARKER, { value: true });
    this.exitCode = options.exitCode ?? ExitCode.InvalidArguments;
  }

  /**
   * Whether `value` is a {@link CliError}, from this copy of the package or another.
   *
   * @example
   * ```ts
   * CliError.isInstance(new Error('x')); // false
   * ```
   */
  static override isInstance(value: unknown): value is CliError {
    return ApcoreMcpError.hasMarker(value, MARKER);
  }
}
