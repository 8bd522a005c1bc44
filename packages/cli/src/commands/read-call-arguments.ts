import { readFile } from 'node:fs/promises';
import { isRecord } from '@apcore-mcp/core/bridge';
import { CliError } from '../cli-error.js';
import { locateJsonError } from './locate-json-error.js';

/** Where the arguments of a checked call come from: `--args JSON` or `--args-file PATH`. */
export interface CallArgumentFlags {
  args?: unknown;
  argsFile?: unknown;
}

/**
 * The arguments object of `--args` or `--args-file` (neither: `{}`).
 *
 * @throws {CliError} `INVALID_ARGUMENT` (exit 1): a file that cannot be read, text that is not
 *   JSON (naming the line and column where parsing stopped), JSON that is not an object.
 * @example
 * ```ts
 * await readCallArguments({ args: '{"quantity": 2}' }); // { quantity: 2 }
 * ```
 */
export async function readCallArguments(
  flags: CallArgumentFlags,
): Promise<Record<string, unknown>> {
  if (typeof flags.argsFile === 'string') {
    const path = flags.argsFile;
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? 'cannot be read';
      throw invalid(`--args-file ${path} cannot be read (${reason})`, { path, reason });
    }
    return parseArguments(text, `--args-file ${path}`);
  }
  if (typeof flags.args === 'string') return parseArguments(flags.args, '--args');
  return {};
}

function parseArguments(text: string, from: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const { line, column } = locateJsonError(text);
    // The parser's words without where (said below) nor the text it quotes, which may span lines.
    const reason = message
      .replace(/ in JSON at position \d+$/, '')
      .replace(/, (?:\.\.\.)?"[\s\S]*"(?:\.\.\.)? is not valid JSON$/, '');
    throw invalid(`${from} is not valid JSON: ${reason} at line ${line}, column ${column}`, {
      line,
      column,
    });
  }
  if (!isRecord(value)) {
    const got = Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value;
    throw invalid(`${from} must be a JSON object of the tool's arguments (got ${got})`, {});
  }
  return value;
}

function invalid(message: string, details: Record<string, unknown>): CliError {
  return new CliError(message, { code: 'INVALID_ARGUMENT', details });
}
