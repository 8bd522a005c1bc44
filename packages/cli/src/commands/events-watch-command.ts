import { CliError } from '../cli-error.js';
import { ExitCode } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { watchByPoll } from './events-watch/watch-by-poll.js';
import { watchByStream } from './events-watch/watch-by-stream.js';
import { type WatchOutput, WatchRefused, type WatchRequest } from './events-watch/watch-session.js';

/**
 * `apcore-mcp events watch NAME --url URL [--arguments JSON] [--token T] [--poll]`: subscribes
 * to a running server's event type (push, or poll with `--poll`) and prints each occurrence as
 * one JSON line on stdout, resuming from the last cursor whenever the connection drops. Ends
 * with 0 on SIGINT or SIGTERM, with 1 when the server refuses the subscription.
 */
export async function runEventsWatchCommand(
  flags: Readonly<Record<string, unknown>>,
  io: CliIo,
): Promise<number> {
  const request = readWatchRequest(flags);
  const output: WatchOutput = {
    occurrence: (occurrence) => io.stdout.write(`${JSON.stringify(occurrence)}\n`),
    notice: (line) => io.stderr.write(`apcore-mcp: ${line}\n`),
  };
  const stopping = new AbortController();
  const stop = () => stopping.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const watch = flags.poll === true ? watchByPoll : watchByStream;
    await watch(request, output, stopping.signal);
    return ExitCode.Success;
  } catch (error) {
    if (error instanceof WatchRefused) {
      throw new CliError(error.message, {
        code: 'INVALID_ARGUMENT',
        details: { url: request.target.url },
      });
    }
    throw error;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}

/**
 * The subscription the flags ask for.
 *
 * @throws {CliError} (exit 1) a URL that is not http(s), `--arguments` that is not a JSON object.
 */
function readWatchRequest(flags: Readonly<Record<string, unknown>>): WatchRequest {
  const url = String(flags.url ?? '');
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new CliError(`--url must be the server's http(s) MCP endpoint (got ${url})`, {
      code: 'INVALID_ARGUMENT',
      details: { flag: '--url' },
    });
  }
  const token = typeof flags.token === 'string' ? flags.token : undefined;
  return {
    target: { url, token },
    name: String(flags.name),
    arguments: readArguments(flags.arguments),
  };
}

function readArguments(text: unknown): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(String(text));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError(`--arguments is not valid JSON: ${reason}`, {
      code: 'INVALID_ARGUMENT',
      details: { flag: '--arguments' },
    });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CliError('--arguments must be a JSON object, e.g. \'{"sku": "LMP-100"}\'', {
      code: 'INVALID_ARGUMENT',
      details: { flag: '--arguments' },
    });
  }
  return value as Record<string, unknown>;
}
