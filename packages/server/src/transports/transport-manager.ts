import type { Server as HttpServer } from 'node:http';
import type { Readable, Writable } from 'node:stream';
import { type Logger, silentLogger } from '@apcore-mcp/core/bridge';
import type { SdkServerFactory } from '../kernel/sdk-server-factory.js';
import type { HttpTransportOptions } from './http-transport-options.js';
import { formatHost } from './listen-error.js';
import { SSE_STREAM_PATH } from './sse-endpoint.js';
import { openStdioTransport } from './stdio-transport.js';

/**
 * A transport that is up.
 *
 * @example
 * ```ts
 * const running: RunningTransport = await manager.runSse({ host: '127.0.0.1', port: 0 });
 * await running.close();
 * ```
 */
export interface RunningTransport {
  /** Where HTTP clients connect (the MCP endpoint); `undefined` for stdio. */
  readonly url: string | undefined;
  /**
   * Resolves when the transport ended by itself: `'input-closed'` when stdin ended (answers can
   * still be written), `'output-broken'` when stdout failed (the client is gone: no answer can
   * reach it any more). Never resolves for HTTP.
   */
  readonly ended: Promise<TransportEnd>;
  /** Stops taking new connections; open ones (and calls on them) go on. */
  stopAccepting(): void;
  /** Closes every session and connection. */
  close(): Promise<void>;
}

/**
 * Why a transport ended by itself.
 *
 * @example
 * ```ts
 * if ((await running.ended) === 'output-broken') router.abortAll();
 * ```
 */
export type TransportEnd = 'input-closed' | 'output-broken';

/**
 * Options of {@link TransportManager}.
 *
 * @example
 * ```ts
 * const options: TransportManagerOptions = { createServer: () => factory.createServer(config) };
 * ```
 */
export interface TransportManagerOptions {
  /** Builds one SDK server per connection or session (or 2026-07-28 request), all over the same tools. */
  createServer: SdkServerFactory;
  logger?: Logger;
}

/**
 * The streams a stdio server serves on: it reads its client's lines from `stdin` and writes its
 * own to `stdout` (the `stdio` option of `serve()`).
 *
 * @example
 * ```ts
 * await manager.runStdio({ stdin: childProcess.stdout, stdout: childProcess.stdin });
 * ```
 */
export interface StdioStreams {
  stdin: Readable;
  stdout: Writable;
}

/**
 * Runs SDK servers over stdio, Streamable HTTP or the legacy SSE transport. It knows nothing of
 * apcore: give it a `createServer` function and it serves whatever that builds.
 *
 * @example
 * ```ts
 * const manager = new TransportManager({ createServer: () => factory.createServer(serverOptions) });
 * const running = await manager.runStreamableHttp({ host: '127.0.0.1', port: 0 });
 * console.error(running.url);
 * ```
 */
export class TransportManager {
  readonly #createServer: SdkServerFactory;
  readonly #logger: Logger;

  constructor(options: TransportManagerOptions) {
    this.#createServer = options.createServer;
    this.#logger = options.logger ?? silentLogger;
  }

  /**
   * Serves one client over stdin/stdout, in either protocol revision (2025-11-25 after
   * `initialize`, 2026-07-28 per request). stdout carries protocol messages only. A line nested
   * past `MAX_JSON_DEPTH` (or `MAX_META_DEPTH` in `params._meta`) is answered with a JSON-RPC
   * -32600 error line and never reaches the SDK. `ended` resolves when stdin ends or stdout
   * breaks (the parent went away); a broken stdout never throws, however many answers are still
   * written to it.
   *
   * @example
   * ```ts
   * const running = await manager.runStdio();
   * await running.ended;
   * ```
   */
  async runStdio(options: Partial<StdioStreams> = {}): Promise<RunningTransport> {
    const stdin = options.stdin ?? process.stdin;
    const stdout = options.stdout ?? process.stdout;
    let signalEnded: (reason: TransportEnd) => void = () => {};
    const ended = new Promise<TransportEnd>((resolve) => {
      signalEnded = resolve;
    });
    const onInputEnd = (): void => signalEnded('input-closed');
    let outputBroken = false;
    // Stays attached for good: the answer of a call still running when the client went away is
    // written after close, and an 'error' event without a listener would kill the process.
    const onOutputError = (error: Error): void => {
      if (outputBroken) return;
      outputBroken = true;
      this.#logger.warn({ err: error }, 'stdout failed; the client is gone');
      signalEnded('output-broken');
    };
    stdin.once('end', onInputEnd);
    stdin.once('close', onInputEnd);
    stdout.on('error', onOutputError);
    // A stdio server's stderr goes to the same parent as its protocol: it dies with it.
    keepStderrFromThrowing();
    // Loaded only here: a server on an HTTP transport never needs it.
    const { serveStdio } = await import('@modelcontextprotocol/server/stdio');
    const { transport, detach } = await openStdioTransport({ stdin, stdout, logger: this.#logger });
    // serveStdio, not connect(): it answers a 2026-07-28 client's server/discover and pinned
    // requests as well as a 2025-11-25 client's initialize, building a server for whichever came.
    const served = serveStdio(() => this.#createServer(), {
      transport,
      onerror: (error) => this.#logger.debug({ err: error }, 'stdio transport error'),
    });
    return {
      url: undefined,
      ended,
      stopAccepting: () => {},
      close: async () => {
        stdin.off('end', onInputEnd);
        stdin.off('close', onInputEnd);
        await served.close();
        detach();
        signalEnded('input-closed');
      },
    };
  }

  /**
   * Serves Streamable HTTP at `path` (default `/mcp`) and `GET /health`.
   *
   * @throws {ListenError} when the address cannot be bound (its `code` is the system's, e.g.
   *   `EADDRINUSE`).
   * @example
   * ```ts
   * const running = await manager.runStreamableHttp({ host: '127.0.0.1', port: 8000 });
   * ```
   */
  runStreamableHttp(options: HttpTransportOptions): Promise<RunningTransport> {
    return this.#runHttp('streamable-http', options);
  }

  /**
   * Serves the legacy SSE transport (`GET /sse`, `POST /messages`) and `GET /health`.
   *
   * @throws {ListenError} when the address cannot be bound.
   * @example
   * ```ts
   * const running = await manager.runSse({ host: '127.0.0.1', port: 8000 });
   * ```
   */
  runSse(options: HttpTransportOptions): Promise<RunningTransport> {
    return this.#runHttp('sse', options);
  }

  async #runHttp(
    transport: 'streamable-http' | 'sse',
    options: HttpTransportOptions,
  ): Promise<RunningTransport> {
    const { host, port: requestedPort, tls, ...endpoint } = options;
    // Loaded only here, as the SDK's stdio is in runStdio: a stdio server never loads HTTP.
    const [{ createHttpRequestHandler }, { listenHttp }] = await Promise.all([
      import('./http-handler.js'),
      import('./http-listener.js'),
    ]);
    const handler = createHttpRequestHandler({
      ...endpoint,
      transport,
      createServer: this.#createServer,
      logger: this.#logger,
    });
    const { server, port } = await listenHttp(
      {
        request: (request, response) => void handler.handle(request, response),
        checkContinue: handler.handleExpectContinue,
      },
      host,
      requestedPort,
      tls,
    );
    const path = transport === 'sse' ? SSE_STREAM_PATH : endpoint.path;
    const stopped = stopListening(server);
    return {
      url: `${tls ? 'https' : 'http'}://${formatHost(host)}:${port}${path}`,
      ended: new Promise<TransportEnd>(() => {}),
      stopAccepting: () => stopped.start(),
      close: async () => {
        stopped.start();
        await handler.close();
        // Sessions are closed; what is left are idle sockets and finished streams.
        server.closeAllConnections();
        await stopped.done;
      },
    };
  }
}

/** Nothing to report to: stderr went with the client that was reading it. */
function ignoreBrokenStderr(): void {}

/**
 * A stdio client that dies takes the read end of our stderr with it; the logs, and any
 * `console.error` of a module, then fail to write. Those failures must not end the process.
 */
function keepStderrFromThrowing(): void {
  if (!process.stderr.listeners('error').includes(ignoreBrokenStderr)) {
    process.stderr.on('error', ignoreBrokenStderr);
  }
}

/** `server.close()` once, however often it is asked for, with one promise for its end. */
function stopListening(server: HttpServer): { start(): void; done: Promise<void> } {
  let started = false;
  let resolveDone: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    resolveDone = resolve;
  });
  return {
    done,
    start: () => {
      if (started) return;
      started = true;
      server.close(() => resolveDone());
      server.closeIdleConnections();
    },
  };
}
