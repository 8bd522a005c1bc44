import { isLoopbackAddress } from '@apcore-mcp/server/options';
import { CliError } from '../cli-error.js';
import { ExitCode } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import {
  describeSource,
  type ResolvedSettings,
  sourceOf,
  textSetting,
} from '../settings/settings.js';
import { runServeCommand } from './serve-command.js';

/**
 * `apcore-mcp dev`: `serve` for writing modules, with its presets (`withDevPresets`): Streamable
 * HTTP on loopback, `--watch`, the inspector with execution allowed, human-readable logs when
 * stderr is a terminal, and the inspector's address printed once the server listens.
 *
 * @throws {CliError} another transport, or a host other than loopback (exit 1): an inspector
 *   that may call tools must not be reachable from the network.
 */
export async function runDevCommand(resolved: ResolvedSettings, io: CliIo): Promise<number> {
  const transport = textSetting(resolved, 'transport');
  if (transport !== 'streamable-http') {
    throw devRefusal(
      `apcore-mcp dev serves Streamable HTTP (got --transport ${transport}); use apcore-mcp serve --inspector for ${transport}`,
    );
  }
  const host = textSetting(resolved, 'host') ?? '127.0.0.1';
  if (!isLoopbackAddress(host)) {
    const source = describeSource(sourceOf(resolved, 'host'));
    throw devRefusal(
      `apcore-mcp dev lets the inspector call tools, so it listens on loopback only (got ${host} from ${source}); use apcore-mcp serve --inspector to serve on ${host}`,
    );
  }
  return runServeCommand(resolved, io, { prettyLogs: isTerminal(io.stderr) });
}

function devRefusal(message: string): CliError {
  return new CliError(message, { code: 'INVALID_ARGUMENT', exitCode: ExitCode.InvalidArguments });
}

function isTerminal(stream: CliIo['stderr']): boolean {
  return (stream as { isTTY?: unknown }).isTTY === true;
}
