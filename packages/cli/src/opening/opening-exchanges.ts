import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  type Opening,
  type OpeningAnswer,
  type OpeningExchange,
  sameOpeningStart,
} from './opening-record.js';

/**
 * The messages an opening is made of: what a client sends before its user acts, whose answers
 * depend on the server's settings and files only (not on a call, a time or a caller). The
 * server still gets each: `logging/setLevel` sets its level as ever.
 */
const OPENING_METHODS = new Set([
  'initialize',
  'notifications/initialized',
  'server/discover',
  'ping',
  'logging/setLevel',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
]);

/** An opening longer than this is not a start's any more: the rest is served as it comes. */
const MAX_OPENING_MESSAGES = 16;

/** The list each listing request reads, as its `list_changed` notification names it. */
const LISTS: Readonly<Record<string, 'tools' | 'prompts' | 'resources'>> = {
  'tools/list': 'tools',
  'prompts/list': 'prompts',
  'resources/list': 'resources',
  'resources/templates/list': 'resources',
};

/** An `initialize` answer's capabilities, as far as `listChanged` goes. */
type Capabilities = Record<string, { listChanged?: unknown } | undefined>;

/** A JSON-RPC message as far as the opening reads it. */
export interface OpeningMessage {
  id?: unknown;
  method?: unknown;
  params?: unknown;
  result?: unknown;
  error?: unknown;
}

/** What becomes of a line the client wrote: what the server gets, and any answer given now. */
export interface ClientLineOutcome {
  toServer: string;
  /** The record's answer to a request, sent to the client at once (the server's is kept from it). */
  answer?: { line: string; method: string };
}

/** What becomes of a line the server wrote. */
export interface ServerLineOutcome {
  /** Whether it goes on to the client (an answer to a request answered from the record does not). */
  toClient: boolean;
  /** A request answered from the record, which the server answered otherwise. */
  difference?: { method: string; notification: string | undefined };
  /** The opening as the server answered it, when it is complete and new. */
  record?: Opening;
}

/**
 * The bookkeeping of an opening, line by line, without streams: which client messages belong to
 * it, which the record answers (the first one the record does not hold ends that), the
 * server's answers to each, and how they compare with the record's.
 *
 * @example
 * ```ts
 * const opening = new OpeningExchanges(record.openings);
 * const { toServer, answer } = opening.fromClient(line);
 * ```
 */
export class OpeningExchanges {
  /** The openings the record holds, one per client that started the server with this key. */
  readonly #openings: readonly Opening[];
  /** The one of them this client's first message starts, once it came. */
  #recorded: Opening | undefined;
  readonly #privateIdPrefix = `apcore-mcp-opening-${randomUUID()}-`;
  /** The opening so far, with the server's answers as they come. */
  readonly #exchanges: OpeningExchange[] = [];
  /** Answers awaited from the server, by JSON id: the exchange, and whether it was replayed. */
  readonly #awaited = new Map<string, { index: number; replayed: boolean }>();
  #inOpening = true;
  #answering: boolean;
  #lastRecorded: Opening | undefined;
  /** What the client was told the server can do: where a `list_changed` may go. */
  #capabilities: Capabilities | undefined;

  constructor(openings: readonly Opening[]) {
    this.#openings = openings;
    this.#answering = openings.length > 0;
  }

  /** A line the client wrote: what the server gets, and the record's answer if it has one. */
  fromClient(line: string): ClientLineOutcome {
    if (!this.#inOpening) return { toServer: line };
    const message = parseMessage(line);
    if (message === undefined || typeof message.method !== 'string') return { toServer: line };
    const { method, params } = message;
    if (!OPENING_METHODS.has(method) || this.#exchanges.length >= MAX_OPENING_MESSAGES) {
      this.#inOpening = false;
      this.#answering = false;
      return { toServer: line };
    }
    const index = this.#exchanges.length;
    this.#exchanges.push(params === undefined ? { method } : { method, params });
    if (index === 0) {
      const first = this.#exchanges[0] as OpeningExchange;
      this.#recorded = this.#openings.find((opening) => sameOpeningStart(opening, [first]));
      this.#lastRecorded = this.#recorded;
    }
    const isRequest = 'id' in message;
    const expected = this.#answering ? this.#recorded?.[index] : undefined;
    this.#answering =
      expected !== undefined &&
      expected.method === method &&
      isDeepStrictEqual(expected.params, params) &&
      isRequest === (expected.answer !== undefined);
    if (!isRequest) return { toServer: line };
    if (this.#answering && expected?.answer !== undefined) {
      this.#noteCapabilities(method, expected.answer);
      const privateId = `${this.#privateIdPrefix}${index}`;
      this.#awaited.set(JSON.stringify(privateId), { index, replayed: true });
      return {
        toServer: JSON.stringify({ ...message, id: privateId }),
        answer: {
          line: JSON.stringify({ jsonrpc: '2.0', id: message.id, ...expected.answer }),
          method,
        },
      };
    }
    this.#awaited.set(JSON.stringify(message.id), { index, replayed: false });
    return { toServer: line };
  }

  /** A line the server wrote: whether the client gets it, and what it tells of the record. */
  fromServer(line: string): ServerLineOutcome {
    if (this.#awaited.size === 0) return { toClient: true };
    const message = parseMessage(line);
    if (message === undefined || 'method' in message || !('id' in message)) {
      return { toClient: true };
    }
    const key = JSON.stringify(message.id);
    const waiting = this.#awaited.get(key);
    if (waiting === undefined) return { toClient: true };
    this.#awaited.delete(key);
    const exchange = this.#exchanges[waiting.index] as OpeningExchange;
    const answer: OpeningAnswer =
      'error' in message ? { error: message.error } : { result: message.result };
    exchange.answer = answer;
    const outcome: ServerLineOutcome = { toClient: !waiting.replayed };
    if (!waiting.replayed) {
      this.#noteCapabilities(exchange.method, answer);
    } else if (!isDeepStrictEqual(answer, this.#recorded?.[waiting.index]?.answer)) {
      outcome.difference = { method: exchange.method, notification: this.#notification(exchange) };
    }
    if (this.#awaited.size === 0 && !isDeepStrictEqual(this.#exchanges, this.#lastRecorded)) {
      // A copy: the exchanges of a longer opening take their answers later.
      const record = structuredClone(this.#exchanges);
      this.#lastRecorded = record;
      outcome.record = record;
    }
    return outcome;
  }

  /** The `list_changed` line for a list answered otherwise, if the client was told it may come. */
  #notification(exchange: OpeningExchange): string | undefined {
    const list = LISTS[exchange.method];
    if (list === undefined || this.#capabilities?.[list]?.listChanged !== true) return undefined;
    return JSON.stringify({ jsonrpc: '2.0', method: `notifications/${list}/list_changed` });
  }

  #noteCapabilities(method: string, answer: OpeningAnswer): void {
    if (method !== 'initialize' || !('result' in answer)) return;
    const result = answer.result as { capabilities?: Capabilities } | null;
    this.#capabilities = result?.capabilities;
  }
}

function parseMessage(line: string): OpeningMessage | undefined {
  try {
    const value = JSON.parse(line) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as OpeningMessage)
      : undefined;
  } catch {
    // Not JSON, or nested too deep to parse: the server answers it (or refuses it) itself.
    return undefined;
  }
}
