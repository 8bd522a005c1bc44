import type { ServerResponse } from 'node:http';
import { sendJson } from '../kernel/http-response.js';
import type { Logger } from '../kernel/logger.js';

/**
 * The default `maxSessions`: concurrent MCP sessions per server.
 *
 * @example
 * ```ts
 * await serve(registry, { transport: 'streamable-http', maxSessions: DEFAULT_MAX_SESSIONS * 2 });
 * ```
 */
export const DEFAULT_MAX_SESSIONS = 1000;

/**
 * The default `sessionIdleTimeoutMs`: 30 minutes without a request or an open stream.
 *
 * @example
 * ```ts
 * await serve(registry, { transport: 'streamable-http', sessionIdleTimeoutMs: 5 * 60_000 });
 * ```
 */
export const DEFAULT_SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;

/** What a client over the cap is told to wait before trying again, in seconds. */
const RETRY_AFTER_SECONDS = 10;

/**
 * The cap on concurrent sessions: a new session over it is answered 503 with `Retry-After` and a
 * JSON-RPC error, while the sessions already open keep working. The first refusal of a busy
 * spell is logged at WARN; the next ones are not, until sessions drop below the cap again.
 */
export class SessionCap {
  readonly #max: number;
  readonly #logger: Logger;
  #warned = false;

  constructor(max: number, logger: Logger) {
    this.#max = max;
    this.#logger = logger;
  }

  /** Whether a session may start while `open` are open; when not, answers the request itself. */
  admit(open: number, response: ServerResponse, requestId: unknown = null): boolean {
    if (open < this.#max) {
      this.#warned = false;
      return true;
    }
    if (!this.#warned) {
      this.#warned = true;
      this.#logger.warn(
        { openSessions: open, maxSessions: this.#max },
        `Refusing new MCP sessions: ${open} are open, the most maxSessions allows`,
      );
    }
    sendJson(
      response,
      503,
      {
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Server busy: too many open sessions; retry later' },
        id: requestId,
      },
      { 'retry-after': String(RETRY_AFTER_SECONDS) },
    );
    return false;
  }
}

/**
 * Ends a session after `idleMs` without a request in flight or a stream open (`0`: never). Each
 * HTTP exchange of the session is tracked from its start to its response's close.
 */
export class IdleWatch {
  readonly #idleMs: number;
  readonly #onIdle: () => void;
  #open = 0;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(idleMs: number, onIdle: () => void) {
    this.#idleMs = idleMs;
    this.#onIdle = onIdle;
    this.#arm();
  }

  /** Counts the session busy until `response` closes. */
  track(response: ServerResponse): void {
    this.#open += 1;
    this.#disarm();
    response.once('close', () => {
      this.#open -= 1;
      if (this.#open === 0) this.#arm();
    });
  }

  /** Never fires again. */
  stop(): void {
    this.#stopped = true;
    this.#disarm();
  }

  #arm(): void {
    if (this.#stopped || this.#idleMs === 0) return;
    this.#disarm();
    this.#timer = setTimeout(this.#onIdle, this.#idleMs);
    // An idle session alone must not keep the process alive.
    this.#timer.unref();
  }

  #disarm(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
