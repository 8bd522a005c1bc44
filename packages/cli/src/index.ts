// Any new export added here becomes public API: named exports only, no wildcards.

export { run } from './cli.js';
export { CliError, type CliErrorCode, type CliErrorOptions } from './cli-error.js';
export { ExitCode, type ExitCodeValue } from './exit-codes.js';
export type { CliIo } from './io.js';
