import { describe, expect, it } from 'vitest';
import { streamQuietAnswers } from './quiet-answer-stream.js';

const CALL = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'slow' } };
const RESULT = { jsonrpc: '2.0', id: 7, result: { content: [], isError: false } };

/** An answer the test gives when it wants, as the SDK's handler would after a long call. */
function heldAnswer() {
  let give: (response: Response) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const answer = new Promise<Response>((resolve, reject) => {
    give = resolve;
    fail = reject;
  });
  return { fetch: () => answer, give, fail };
}

function post(): Request {
  return new Request('http://127.0.0.1/mcp', { method: 'POST', body: JSON.stringify(CALL) });
}

/** Reads a body until `done(text)` holds or it ends; returns the reader too, to read on. */
async function readUntil(
  reader: ReadableStreamDefaultReader<string>,
  done: (text: string) => boolean,
  text = '',
): Promise<string> {
  while (!done(text)) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += chunk.value;
  }
  return text;
}

describe('streamQuietAnswers', () => {
  it('passes an answer that came in time through untouched, its status with it', async () => {
    const refusal = Response.json(
      { jsonrpc: '2.0', id: 7, error: { code: -32021, message: 'Missing capability' } },
      { status: 400 },
    );
    const fetchAnswer = streamQuietAnswers(() => Promise.resolve(refusal), 60_000);
    const response = await fetchAnswer(post(), { parsedBody: CALL });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('turns a quiet answer into an event stream of keep-alive comments, then the answer', async () => {
    const held = heldAnswer();
    const response = await streamQuietAnswers(held.fetch, 10)(post(), { parsedBody: CALL });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    const reader = (response.body as ReadableStream<Uint8Array>)
      .pipeThrough(new TextDecoderStream())
      .getReader();
    const comments = await readUntil(reader, (text) => text.split(': keepalive\n\n').length > 2);
    expect(comments).toMatch(/^(: keepalive\n\n)+$/);
    held.give(Response.json(RESULT, { status: 200 }));
    const rest = await readUntil(reader, () => false);
    expect(rest.replaceAll(': keepalive\n\n', '')).toBe(
      `event: message\ndata: ${JSON.stringify(RESULT)}\n\n`,
    );
  });

  it('carries on with the SDK stream when the answer began streaming meanwhile', async () => {
    const held = heldAnswer();
    const response = await streamQuietAnswers(held.fetch, 10)(post(), { parsedBody: CALL });
    const reader = (response.body as ReadableStream<Uint8Array>)
      .pipeThrough(new TextDecoderStream())
      .getReader();
    await readUntil(reader, (text) => text.includes(': keepalive'));
    const progress = 'event: message\ndata: {"method":"notifications/progress"}\n\n';
    const answered = `event: message\ndata: ${JSON.stringify(RESULT)}\n\n`;
    held.give(
      new Response(progress + answered, { headers: { 'content-type': 'text/event-stream' } }),
    );
    const rest = await readUntil(reader, () => false);
    expect(rest.replaceAll(': keepalive\n\n', '')).toBe(progress + answered);
  });

  it('ends the stream with the internal error for the request when the handler fails', async () => {
    const held = heldAnswer();
    const response = await streamQuietAnswers(held.fetch, 10)(post(), { parsedBody: CALL });
    const reader = (response.body as ReadableStream<Uint8Array>)
      .pipeThrough(new TextDecoderStream())
      .getReader();
    await readUntil(reader, (text) => text.includes(': keepalive'));
    held.fail(new Error('handler closed'));
    const rest = await readUntil(reader, () => false);
    const error = {
      jsonrpc: '2.0',
      error: { code: -32603, message: 'Internal server error' },
      id: 7,
    };
    expect(rest.replaceAll(': keepalive\n\n', '')).toBe(
      `event: message\ndata: ${JSON.stringify(error)}\n\n`,
    );
  });
});
