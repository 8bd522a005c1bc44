import { checkServeOptions, InvalidOptionError } from '@apcore-mcp/server/options';
import { CliError } from '../cli-error.js';
import { describeInvalidOption } from './name-option.js';
import type { ResolvedSettings } from './settings.js';

/**
 * An option the server refused, in the command's words: the flag, variable or config key the
 * value came from (exit 1).
 *
 * @example
 * ```ts
 * if (InvalidOptionError.isInstance(error)) throw toInvalidArgument(error, resolved);
 * ```
 */
export function toInvalidArgument(error: InvalidOptionError, resolved: ResolvedSettings): CliError {
  return new CliError(describeInvalidOption(error, resolved), {
    code: 'INVALID_ARGUMENT',
    details: { option: error.option, expected: error.expected },
    cause: error,
  });
}

/**
 * Checks the options the settings ask for as the server will, before any module loads: the
 * rules between options (`--metrics-port` only over stdio, `--usage` only over HTTP, the
 * ledger's directory) are the server's, each written once there.
 *
 * @throws {CliError} `INVALID_ARGUMENT` (exit 1) naming where the refused value came from.
 * @example
 * ```ts
 * refuseInvalidOptions(resolved);
 * ```
 */
export function refuseInvalidOptions(resolved: ResolvedSettings): void {
  try {
    checkServeOptions(resolved.serveOptions);
  } catch (error) {
    throw InvalidOptionError.isInstance(error) ? toInvalidArgument(error, resolved) : error;
  }
}
