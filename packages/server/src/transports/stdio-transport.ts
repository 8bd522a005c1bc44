import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import type { Logger } from '../kernel/logger.js';
import { createNestingFilter } from './nesting-filter.js';

/** The SDK's stdio transport as {@link openStdioTransport} opens it, and how to let go of stdin. */
export interface CheckedStdioTransport {
  transport: Transport;
  /** Stops reading stdin (once the transport is closed): nothing more is taken from it. */
  detach(): void;
}

/**
 * The SDK's stdio transport, reading `stdin` through a nesting filter: a line nested too deep
 * never reaches the SDK (which would drop it unanswered, or overflow its stack walking it); its
 * JSON-RPC error is written back through the transport instead, and the next lines are served
 * as usual.
 *
 * @example
 * ```ts
 * const { transport, detach } = await openStdioTransport({ stdin, stdout, logger });
 * const served = serveStdio(factory, { transport });
 * ```
 */
export async function openStdioTransport(options: {
  stdin: Readable;
  stdout: Writable;
  logger: Logger;
}): Promise<CheckedStdioTransport> {
  const { stdin, stdout, logger } = options;
  // Loaded only here: a server on an HTTP transport never needs it.
  const { StdioServerTransport } = await import('@modelcontextprotocol/server/stdio');
  const lines = createNestingFilter((refusal) => {
    // JSON-RPC answers an id it cannot read with null; the SDK's type leaves such an id out.
    transport
      .send(refusal as JSONRPCMessage)
      .catch((error: unknown) => logger.debug({ err: error }, 'stdio refusal not written'));
  });
  const transport = new StdioServerTransport(lines, stdout);
  // The pipeline passes stdin's end and errors on to the filter, and so to the transport.
  pipeline(stdin, lines, (error) => {
    if (error) logger.debug({ err: error }, 'stdin failed');
  });
  return { transport, detach: () => stdin.unpipe(lines) };
}
