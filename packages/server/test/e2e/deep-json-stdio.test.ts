import { firstText, initializeRequest } from '@apcore-mcp/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, spawnChildServer } from '../helpers/child-server.js';
import { deepRequests, nestedArrays, refusalOf } from '../helpers/deep-json.js';

/** Ids of the follow-up calls, apart from the deep requests' ids (100 and up). */
let nextCallId = 10;

/** Sends a `text-echo` call and resolves with every message from it to its answer. */
async function callEcho(
  server: ChildServer,
  args: Record<string, unknown>,
): Promise<{ text: unknown; answer: Record<string, unknown> }> {
  const id = nextCallId++;
  server.send({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'text-echo', arguments: args },
  });
  const answer = await server.waitForMessage((message) => message.id === id);
  return { text: JSON.parse(firstText(answer.result)), answer };
}

describe('deeply nested JSON over stdio (a spawned server)', () => {
  let server: ChildServer;

  beforeAll(async () => {
    server = spawnChildServer('stdio-server.mjs', { FIXTURE_LOG_LEVEL: 'warn' });
    server.send(initializeRequest('deep-json-stdio'));
    await server.waitForMessage((message) => message.id === 1);
    server.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  });

  afterAll(async () => {
    server.child.stdin?.end();
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  for (const request of deepRequests(100)) {
    it(`answers ${request.name} with an error line, then serves the next line`, async () => {
      const before = server.stdoutLines.length;
      server.sendLine(request.body);
      const { text, answer } = await callEcho(server, { text: 'still here' });
      expect(text).toMatchObject({ text: 'still here' });
      // The refusal is written before the next line reaches the SDK: it comes first.
      const written = server.stdoutLines.slice(before).map((line) => JSON.parse(line));
      expect(written).toEqual([refusalOf(request), answer]);
    });
  }

  it('takes arguments nested 50 deep', async () => {
    const { text } = await callEcho(server, { text: 'nested ok', nested: nestedArrays(50) });
    expect(text).toMatchObject({ text: 'nested ok' });
  });
});
