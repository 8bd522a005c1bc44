import { ApcoreMcpError } from '@apcore-mcp/core';

const MARKER = Symbol.for('apcore-mcp.error.ListenError');

/**
 * The facts of a {@link ListenError}: the address that could not be bound.
 *
 * @example
 * ```ts
 * const details: ListenErrorDetails = { host: '127.0.0.1', port: 8000 };
 * ```
 */
export interface ListenErrorDetails {
  host: string;
  port: number;
}

/**
 * The HTTP server could not listen: the address is in use (`code: 'EADDRINUSE'`), needs
 * privileges (`'EACCES'`), does not exist here (`'EADDRNOTAVAIL'`)... The system error code is
 * kept as `code` so a CLI can map it to an exit code; the message names `host:port`. An
 * {@link ApcoreMcpError}.
 *
 * @example
 * ```ts
 * try {
 *   await startServer(registry, { transport: 'streamable-http', port: 8000 });
 * } catch (error) {
 *   if (ListenError.isInstance(error) && error.code === 'EADDRINUSE') process.exitCode = 2;
 * }
 * ```
 */
export class ListenError extends ApcoreMcpError {
  declare readonly details: ListenErrorDetails & Record<string, unknown>;

  constructor(cause: NodeJS.ErrnoException, details: ListenErrorDetails) {
    const where = `${formatHost(details.host)}:${details.port}`;
    const reason =
      cause.code === 'EADDRINUSE'
        ? `address ${where} is already in use`
        : cause.code === 'EACCES'
          ? `permission denied for ${where}`
          : `${cause.code ?? 'error'} ${cause.message}`;
    super({
      code: cause.code ?? 'LISTEN_FAILED',
      message: `Cannot listen on ${where}: ${reason}`,
      details: { ...details },
      cause,
    });
    this.name = 'ListenError';
    Object.defineProperty(this, MARKER, { value: true });
  }

  /**
   * Whether `value` is a {@link ListenError}, from this copy of the package or another.
   *
   * @example
   * ```ts
   * ListenError.isInstance(new Error('x')); // false
   * ```
   */
  static override isInstance(value: unknown): value is ListenError {
    return ApcoreMcpError.hasMarker(value, MARKER);
  }
}

/** `::1` -> `[::1]`, so `host:port` reads unambiguously. */
export function formatHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}
