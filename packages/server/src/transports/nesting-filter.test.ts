import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { NestingRefusal } from './json-nesting.js';
import { createNestingFilter } from './nesting-filter.js';

/** Feeds `chunks` through a filter: what came out, and what it refused. */
async function filter(
  chunks: Array<string | Buffer>,
  maxLineBytes?: number,
): Promise<{ output: string; refusals: NestingRefusal[] }> {
  const refusals: NestingRefusal[] = [];
  const lines = createNestingFilter((refusal) => refusals.push(refusal), maxLineBytes);
  const input = Readable.from(chunks.map((chunk) => Buffer.from(chunk)));
  return { output: await text(input.pipe(lines)), refusals };
}

const DEEP_LINE = `{"jsonrpc":"2.0","id":3,"method":"ping","params":{"x":${'['.repeat(300)}${']'.repeat(300)}}}\n`;
const PING = '{"jsonrpc":"2.0","id":4,"method":"ping"}\n';

describe('createNestingFilter', () => {
  it('passes lines through unchanged, however the chunks cut them', async () => {
    const lines = Buffer.from(
      `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"é":1}}\r\n${PING}`,
    );
    // A byte a chunk: cut everywhere, through the two bytes of "é" as well.
    const oneByteChunks = [...lines].map((byte) => Buffer.from([byte]));
    expect(await filter(oneByteChunks)).toEqual({ output: lines.toString(), refusals: [] });
  });

  it('takes out a line nested too deep and reports its refusal; the next lines pass', async () => {
    const { output, refusals } = await filter([
      PING + DEEP_LINE.slice(0, 50),
      DEEP_LINE.slice(50) + PING,
    ]);
    expect(output).toBe(PING + PING);
    expect(refusals).toEqual([
      {
        jsonrpc: '2.0',
        id: 3,
        error: { code: -32600, message: 'Invalid Request: JSON nested deeper than 256 levels' },
      },
    ]);
  });

  it('passes lines that are not JSON, for the SDK to skip', async () => {
    const { output, refusals } = await filter(['not json [[[[\n', PING]);
    expect(output).toBe(`not json [[[[\n${PING}`);
    expect(refusals).toEqual([]);
  });

  it('passes a line longer than maxLineBytes unchecked, for the SDK to refuse', async () => {
    const { output, refusals } = await filter([DEEP_LINE.slice(0, 400), DEEP_LINE.slice(400)], 100);
    expect(output).toBe(DEEP_LINE);
    expect(refusals).toEqual([]);
  });

  it('passes a last line without its newline as it came', async () => {
    expect((await filter([PING, '{"jsonrpc"'])).output).toBe(`${PING}{"jsonrpc"`);
  });
});
