import { Transform } from 'node:stream';
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/server';
import { checkNesting, type NestingRefusal } from './json-nesting.js';

const NEWLINE = 0x0a;

/**
 * A byte stream of newline-delimited JSON-RPC messages (what a stdio transport reads) with every
 * line nested past the limits of `checkNesting` taken out: its refusal goes to `onRefused`
 * instead, to be answered. Every other byte passes unchanged, lines not JSON included (the SDK
 * skips those itself).
 *
 * Each line is parsed here and again by the SDK: the SDK offers no step between its own parse
 * and its schema check, where a deep line either fails unanswered or overflows the stack. A line
 * still without its newline after `maxLineBytes` (the SDK's own buffer limit by default) is
 * passed on unchecked, for the SDK to refuse as it would without this filter.
 *
 * @example
 * ```ts
 * const lines = createNestingFilter((refusal) => void transport.send(refusal));
 * process.stdin.pipe(lines);
 * ```
 */
export function createNestingFilter(
  onRefused: (refusal: NestingRefusal) => void,
  maxLineBytes: number = STDIO_DEFAULT_MAX_BUFFER_SIZE,
): Transform {
  // The line read so far, in the pieces it came in (no copying until it is whole).
  let pieces: Buffer[] = [];
  let pieceBytes = 0;
  const takeLine = (): Buffer => {
    const line = Buffer.concat(pieces, pieceBytes);
    pieces = [];
    pieceBytes = 0;
    return line;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let start = 0;
      for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
        pieces.push(chunk.subarray(start, end + 1));
        pieceBytes += end + 1 - start;
        const line = takeLine();
        const refusal = refusalFor(line);
        if (refusal) onRefused(refusal);
        else this.push(line);
        start = end + 1;
      }
      if (start < chunk.length) {
        pieces.push(chunk.subarray(start));
        pieceBytes += chunk.length - start;
      }
      if (pieceBytes > maxLineBytes) this.push(takeLine());
      callback();
    },
    flush(callback) {
      // A last line without its newline is never a message; it passes as it came.
      callback(null, pieceBytes > 0 ? takeLine() : undefined);
    },
  });
}

function refusalFor(line: Buffer): NestingRefusal | undefined {
  let message: unknown;
  try {
    message = JSON.parse(line.toString('utf8'));
  } catch {
    return undefined;
  }
  return checkNesting(message);
}
