import { eventResourceExhausted } from '../wire/event-errors.js';

/**
 * One open stream as {@link OpenStreams} holds it: `closing` aborts when the server drains.
 *
 * @example
 * ```ts
 * const seat = streams.open('alice');
 * try { await run(seat.closing); } finally { seat.release(); }
 * ```
 */
export interface StreamSeat {
  readonly closing: AbortSignal;
  release(): void;
}

/**
 * The event streams open on this instance, counted per subject against
 * `maxEventStreamsPerSubject` (`events/stream` is exempt from any other cap on concurrent
 * requests), all closed at once when the server drains.
 *
 * @example
 * ```ts
 * const streams = new OpenStreams(16);
 * const seat = streams.open(caller.subject); // throws ResourceExhausted past 16
 * ```
 */
export class OpenStreams {
  readonly #max: number;
  readonly #bySubject = new Map<string, number>();
  readonly #closing = new AbortController();

  constructor(maxPerSubject: number) {
    this.#max = maxPerSubject;
  }

  /**
   * Takes a seat for `subject`'s new stream.
   *
   * @throws {ProtocolError} ResourceExhausted (`streams`) when it holds the most already, and
   * when the server drains.
   */
  open(subject: string): StreamSeat {
    const held = this.#bySubject.get(subject) ?? 0;
    if (held >= this.#max || this.#closing.signal.aborted) {
      throw eventResourceExhausted('streams', this.#max);
    }
    this.#bySubject.set(subject, held + 1);
    let released = false;
    return {
      closing: this.#closing.signal,
      release: () => {
        if (released) return;
        released = true;
        const left = (this.#bySubject.get(subject) ?? 1) - 1;
        if (left === 0) this.#bySubject.delete(subject);
        else this.#bySubject.set(subject, left);
      },
    };
  }

  /** How many streams are open now. */
  get size(): number {
    let total = 0;
    for (const held of this.#bySubject.values()) total += held;
    return total;
  }

  /** Ends every stream (each sends its final frame) and refuses new ones. */
  closeAll(): void {
    this.#closing.abort();
  }
}
