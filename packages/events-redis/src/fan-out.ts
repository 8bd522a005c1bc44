import { hostname } from 'node:os';
import type {
  LoggedEvent,
  Logger,
  WebhookDeliveryHandlers,
  WebhookStore,
} from '@apcore-mcp/core/bridge';
import type { Redis } from 'ioredis';
import type { DeliveryQueue } from './delivery-queue.js';
import { FAN_OUT_GROUP } from './log-scripts.js';
import type { RedisKeys } from './redis-keys.js';
import { fromStreamEntry, type StreamEntry } from './stream-entry.js';
import { unblockerOf } from './unblock-reader.js';

const BLOCK_MS = 1000;
const BATCH = 100;
/** Lock durations of silence after which a consumer with nothing pending is forgotten. */
const GONE_AFTER_LOCKS = 10;

/**
 * The fan-out of new occurrences to webhook subscriptions, exactly once across instances: every
 * instance reads the log streams through one consumer group, queues one delivery job per
 * matching live subscription, then acknowledges the entry. Entries a gone instance read but
 * never acknowledged are claimed (`XAUTOCLAIM`) once idle longer than `lockDurationMs`; job ids
 * make fanning out again harmless.
 *
 * @example
 * ```ts
 * const fanOut = new FanOut({ commands, blocking, keys, store, queue, logger, lockDurationMs });
 * fanOut.start(handlers);
 * ```
 */
export class FanOut {
  readonly #commands: Redis;
  readonly #blocking: Redis;
  readonly #keys: RedisKeys;
  readonly #store: WebhookStore;
  readonly #queue: DeliveryQueue;
  readonly #logger: Logger;
  readonly #lockDurationMs: number;
  readonly #consumer = `${hostname()}-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  #closed = false;
  #running: Promise<void> | undefined;
  #lastClaim = 0;
  readonly #unblock: () => void;

  constructor(parts: {
    commands: Redis;
    blocking: Redis;
    keys: RedisKeys;
    store: WebhookStore;
    queue: DeliveryQueue;
    logger: Logger;
    lockDurationMs: number;
  }) {
    this.#commands = parts.commands;
    this.#blocking = parts.blocking;
    this.#keys = parts.keys;
    this.#store = parts.store;
    this.#queue = parts.queue;
    this.#logger = parts.logger;
    this.#lockDurationMs = parts.lockDurationMs;
    this.#unblock = unblockerOf(parts.commands, parts.blocking);
  }

  start(handlers: WebhookDeliveryHandlers): void {
    this.#running ??= this.#loop(handlers);
  }

  /** Ends the loop after its current read (the caller closes the blocking connection). */
  async close(): Promise<void> {
    this.#closed = true;
    this.#unblock();
    await this.#running;
  }

  async #loop(handlers: WebhookDeliveryHandlers): Promise<void> {
    while (!this.#closed) {
      try {
        const names = await this.#commands.smembers(this.#keys.types);
        if (Date.now() - this.#lastClaim >= this.#lockDurationMs / 2) {
          this.#lastClaim = Date.now();
          for (const name of names) await this.#claim(name, handlers);
        }
        await this.#readNew(names, handlers);
      } catch (error) {
        if (this.#closed) return;
        await this.#recover(error);
      }
    }
  }

  /** After a failed round: the fan-out groups made again when one was missing, else a pause. */
  async #recover(error: unknown): Promise<void> {
    let failure = error;
    if (String(error).includes('NOGROUP')) {
      try {
        await this.#createGroups();
        return;
      } catch (again) {
        failure = again;
      }
    }
    this.#logger.warn({ err: failure }, 'Webhook fan-out failed; trying again');
    await new Promise((resolve) => setTimeout(resolve, BLOCK_MS));
  }

  /**
   * Gives every log stream its fan-out group again, from its oldest entry, when one has none (an
   * append creates it with the stream; a group lost since would otherwise stop the fan-out of
   * every type, since one read covers them all).
   */
  async #createGroups(): Promise<void> {
    for (const name of await this.#commands.smembers(this.#keys.types)) {
      await this.#commands
        .xgroup('CREATE', this.#keys.log(name), FAN_OUT_GROUP, '0', 'MKSTREAM')
        .catch((error: unknown) => {
          if (!String(error).includes('BUSYGROUP')) throw error;
        });
    }
  }

  async #readNew(names: string[], handlers: WebhookDeliveryHandlers): Promise<void> {
    if (names.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, BLOCK_MS));
      return;
    }
    const keys = names.map((name) => this.#keys.log(name));
    const answer = (await this.#blocking.xreadgroup(
      'GROUP',
      FAN_OUT_GROUP,
      this.#consumer,
      'COUNT',
      BATCH,
      'BLOCK',
      BLOCK_MS,
      'STREAMS',
      ...keys,
      ...keys.map(() => '>'),
    )) as [string, StreamEntry[]][] | null;
    for (const [key, entries] of answer ?? []) {
      const name = names[keys.indexOf(key)];
      if (name !== undefined) await this.#fanOut(name, key, entries, handlers);
    }
  }

  /** Takes over the entries a consumer read and left unacknowledged past the lock duration. */
  async #claim(name: string, handlers: WebhookDeliveryHandlers): Promise<void> {
    const key = this.#keys.log(name);
    let cursor = '0-0';
    do {
      const [next, entries] = (await this.#commands.xautoclaim(
        key,
        FAN_OUT_GROUP,
        this.#consumer,
        this.#lockDurationMs,
        cursor,
        'COUNT',
        BATCH,
      )) as [string, (StreamEntry | null)[]];
      const kept = entries.filter((entry): entry is StreamEntry => entry !== null);
      if (kept.length > 0) {
        this.#logger.info(
          { type: name, count: kept.length },
          'Took over webhook fan-out of a gone instance',
        );
        await this.#fanOut(name, key, kept, handlers);
      }
      cursor = next;
    } while (cursor !== '0-0' && !this.#closed);
    await this.#forgetGoneConsumers(key);
  }

  /**
   * Removes from the group the consumers of instances gone long since (nothing pending, silent
   * ten lock durations), which every restart would otherwise add to for good.
   */
  async #forgetGoneConsumers(key: string): Promise<void> {
    const consumers = (await this.#commands.xinfo('CONSUMERS', key, FAN_OUT_GROUP)) as unknown[][];
    for (const fields of consumers) {
      const value = (field: string) => fields[fields.indexOf(field) + 1];
      const name = String(value('name'));
      const silent = Number(value('idle')) > GONE_AFTER_LOCKS * this.#lockDurationMs;
      if (name !== this.#consumer && Number(value('pending')) === 0 && silent) {
        await this.#commands.xgroup('DELCONSUMER', key, FAN_OUT_GROUP, name);
      }
    }
  }

  async #fanOut(
    name: string,
    key: string,
    entries: StreamEntry[],
    handlers: WebhookDeliveryHandlers,
  ): Promise<void> {
    if (entries.length === 0) return;
    const live = await this.#store.live(name);
    for (const entry of entries) {
      const event: LoggedEvent = fromStreamEntry(name, entry);
      const chosen = live.length === 0 ? [] : handlers.select(event, live);
      if (chosen.length > 0) await this.#queue.add(chosen, event);
      await this.#commands.xack(key, FAN_OUT_GROUP, entry[0]);
    }
  }
}
