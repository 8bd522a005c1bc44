import { createInterface } from 'node:readline';
import { PassThrough, type Readable, Writable } from 'node:stream';
import { OpeningExchanges } from './opening-exchanges.js';
import type { Opening } from './opening-record.js';

/** Options of {@link createOpeningFront}. */
export interface OpeningFrontOptions {
  /** The client's side: what it writes, where it reads. */
  stdin: Readable;
  stdout: Writable;
  /**
   * The openings of the last starts with the same key (one per client): the one the client's
   * first message starts is answered from here until a message differs.
   */
  openings: readonly Opening[];
  /** A request of the client's was answered from the record. */
  onAnswered?(method: string): void;
  /** The opening as the server answered it, each time it is complete and new. */
  onRecord(exchanges: Opening): void;
  /**
   * The server answered a request the client had been answered from the record otherwise;
   * `told` is whether the client was sent the list's `list_changed` notification.
   */
  onDifference(method: string, told: boolean): void;
}

/** The streams the server serves on, behind the front. */
export interface OpeningFront {
  stdin: Readable;
  stdout: Writable;
}

/**
 * A stdio front that answers a client's opening (`initialize`, `tools/list`...) at once from
 * the record of the last start of that client with the same key, while the server is still
 * loading. Every
 * message still reaches the server, in order: an opening request answered from the record goes
 * with an id of the front's own, and the server's answer to it is checked against the record
 * and kept from the client. A list that came out otherwise has the client told
 * (`notifications/<list>/list_changed`, when the `initialize` answer declared `listChanged` for
 * it). The first message that differs from the record ends the answering; from there on the
 * server answers everything. The opening as the server answered it is handed to `onRecord`,
 * for the next start. (The bookkeeping is {@link OpeningExchanges}'.)
 *
 * @example
 * ```ts
 * const front = createOpeningFront({ stdin: process.stdin, stdout: process.stdout, openings, onRecord, onDifference });
 * await startServer(registry, { transport: 'stdio', stdio: front });
 * ```
 */
export function createOpeningFront(options: OpeningFrontOptions): OpeningFront {
  const { stdout } = options;
  const opening = new OpeningExchanges(options.openings);
  const serverStdin = new PassThrough();
  readLines(
    options.stdin,
    (line) => {
      const { toServer, answer } = opening.fromClient(line);
      if (answer !== undefined) {
        stdout.write(`${answer.line}\n`);
        options.onAnswered?.(answer.method);
      }
      serverStdin.write(`${toServer}\n`);
    },
    { end: () => serverStdin.end(), error: (error) => serverStdin.destroy(error) },
  );
  const serverStdout = linesWritable((lines, done) => {
    const toClient: string[] = [];
    for (const line of lines) {
      const { toClient: passes, difference, record } = opening.fromServer(line);
      if (passes) toClient.push(line);
      if (difference?.notification !== undefined) toClient.push(difference.notification);
      if (difference !== undefined) {
        options.onDifference(difference.method, difference.notification !== undefined);
      }
      if (record !== undefined) options.onRecord(record);
    }
    if (toClient.length === 0) done();
    else stdout.write(`${toClient.join('\n')}\n`, () => done());
  });
  stdout.on('error', (error) => serverStdout.destroy(error));
  return { stdin: serverStdin, stdout: serverStdout };
}

/** Hands each line of `input` to `onLine` (a last unended one too), then says it ended. */
function readLines(
  input: Readable,
  onLine: (line: string) => void,
  on: { end(): void; error(error: Error): void },
): void {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on('line', onLine);
  lines.once('close', on.end);
  input.once('error', on.error);
}

/** A writable stream handing each batch of whole lines written to it to `onLines`. */
function linesWritable(onLines: (lines: string[], done: () => void) => void): Writable {
  let buffered = '';
  return new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, callback) {
      buffered += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      const end = buffered.lastIndexOf('\n');
      if (end === -1) {
        callback();
        return;
      }
      const lines = buffered.slice(0, end).split('\n');
      buffered = buffered.slice(end + 1);
      onLines(lines, () => callback());
    },
  });
}
