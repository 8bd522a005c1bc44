import type { LoggedEvent, Logger } from '@apcore-mcp/core/bridge';
import type { Redis } from 'ioredis';
import type { RedisKeys } from './redis-keys.js';
import { fromStreamEntry, type StreamEntry } from './stream-entry.js';
import { unblockerOf } from './unblock-reader.js';

type Listener = (event: LoggedEvent) => void;

/** How long one blocking read waits before it looks again at which types are followed. */
const BLOCK_MS = 1000;
const BATCH = 100;

/**
 * The one blocking `XREAD` loop of an instance, over the types its local listeners follow, on a
 * connection of its own. A type starts being read from the head it had when `follow` was called:
 * that head is asked on the commands connection at once, so every append this instance makes
 * afterwards comes after it.
 *
 * @example
 * ```ts
 * const tail = new StreamTail({ commands, blocking, keys, logger });
 * const stop = tail.follow(['stock.low'], (event) => {});
 * ```
 */
export class StreamTail {
  readonly #commands: Redis;
  readonly #blocking: Redis;
  readonly #keys: RedisKeys;
  readonly #logger: Logger;
  readonly #listeners = new Map<string, Set<Listener>>();
  /** Type -> the position read up to (a promise until its starting head is known). */
  readonly #positions = new Map<string, string | Promise<string>>();
  #running: Promise<void> | undefined;
  #closed = false;
  #wake: (() => void) | undefined;
  readonly #unblock: () => void;

  constructor(parts: { commands: Redis; blocking: Redis; keys: RedisKeys; logger: Logger }) {
    this.#commands = parts.commands;
    this.#blocking = parts.blocking;
    this.#keys = parts.keys;
    this.#logger = parts.logger;
    this.#unblock = unblockerOf(parts.commands, parts.blocking);
  }

  /** Calls `listener` for each occurrence of `names` appended from now on; returns the stop. */
  follow(names: readonly string[], listener: Listener): () => void {
    let added = false;
    for (const name of new Set(names)) {
      const listeners = this.#listeners.get(name) ?? new Set();
      listeners.add(listener);
      this.#listeners.set(name, listeners);
      if (!this.#positions.has(name)) {
        this.#positions.set(name, this.#headOf(name));
        added = true;
      }
    }
    if (added) this.#interrupt();
    this.#running ??= this.#loop();
    return () => {
      for (const name of names) {
        const listeners = this.#listeners.get(name);
        listeners?.delete(listener);
        if (listeners?.size === 0) {
          this.#listeners.delete(name);
          this.#positions.delete(name);
        }
      }
    };
  }

  /** Ends the loop; the caller closes the blocking connection after. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#interrupt();
    await this.#running;
  }

  #headOf(name: string): Promise<string> {
    const head = this.#commands
      .xrevrange(this.#keys.log(name), '+', '-', 'COUNT', 1)
      .then((entries) => entries[0]?.[0] ?? '0-0');
    head.catch(() => {}); // awaited by the loop, which asks again when it failed
    return head;
  }

  /** Where `name` is read from; a head that could not be asked (Redis away) is asked again. */
  async #positionOf(name: string, known: string | Promise<string>): Promise<string> {
    try {
      return await known;
    } catch (error) {
      if (this.#positions.get(name) === known) this.#positions.set(name, this.#headOf(name));
      throw error;
    }
  }

  /** Ends the current blocking read early (a new type to follow, or closing). */
  #interrupt(): void {
    this.#wake?.();
    this.#unblock();
  }

  async #loop(): Promise<void> {
    while (!this.#closed) {
      try {
        await this.#readOnce();
      } catch (error) {
        if (this.#closed) return;
        this.#logger.debug({ err: error }, 'Event tail read failed; reading again');
        await new Promise((resolve) => setTimeout(resolve, BLOCK_MS));
      }
    }
  }

  async #readOnce(): Promise<void> {
    const names = [...this.#positions.keys()];
    if (names.length === 0) {
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
      this.#wake = undefined;
      return;
    }
    // What this read starts from, per type: a type stopped and followed again meanwhile starts
    // from its new head, and the entries this read brings for it are not its listeners' to hear.
    const startedFrom = names.map((name) => this.#positions.get(name) ?? '$');
    const positions = await Promise.all(
      names.map((name, index) => this.#positionOf(name, startedFrom[index] ?? '$')),
    );
    const keys = names.map((name) => this.#keys.log(name));
    const answer = (await this.#blocking.xread(
      'COUNT',
      BATCH,
      'BLOCK',
      BLOCK_MS,
      'STREAMS',
      ...keys,
      ...positions,
    )) as [string, StreamEntry[]][] | null;
    for (const [key, entries] of answer ?? []) {
      const index = keys.indexOf(key);
      const name = names[index];
      if (name === undefined || this.#positions.get(name) !== startedFrom[index]) continue;
      for (const entry of entries) this.#dispatch(name, entry);
    }
  }

  #dispatch(name: string, entry: StreamEntry): void {
    const listeners = this.#listeners.get(name);
    if (listeners === undefined) return;
    if (this.#positions.has(name)) this.#positions.set(name, entry[0]);
    const event = fromStreamEntry(name, entry);
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        this.#logger.warn({ err: error }, 'An event listener threw');
      }
    }
  }
}
