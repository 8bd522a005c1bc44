import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createOpeningFront, type OpeningFront } from './opening-front.js';
import type { Opening, OpeningExchange } from './opening-record.js';

const INITIALIZE_PARAMS = {
  protocolVersion: '2025-11-25',
  capabilities: {},
  clientInfo: { name: 'client', version: '1.0.0' },
};
const INITIALIZE_RESULT = {
  protocolVersion: '2025-11-25',
  capabilities: { tools: { listChanged: true } },
  serverInfo: { name: 'apcore-mcp', version: '1.0.0' },
};
const TOOLS = { tools: [{ name: 'greet', inputSchema: { type: 'object' } }] };

/** The opening a client makes, as a record holds it with the server's answers. */
const RECORDED: OpeningExchange[] = [
  { method: 'initialize', params: INITIALIZE_PARAMS, answer: { result: INITIALIZE_RESULT } },
  { method: 'notifications/initialized' },
  { method: 'tools/list', params: {}, answer: { result: TOOLS } },
];

const line = (message: object): string => `${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`;

/** A front between a scripted client and a scripted server, with everything it reported. */
function setUp(openings: OpeningExchange[][]) {
  const clientIn = new PassThrough();
  const clientOut = new PassThrough();
  const toClient: Record<string, unknown>[] = [];
  const toServer: Record<string, unknown>[] = [];
  const records: Opening[] = [];
  const differences: Array<{ method: string; told: boolean }> = [];
  const answered: string[] = [];
  const front: OpeningFront = createOpeningFront({
    stdin: clientIn,
    stdout: clientOut,
    openings,
    onAnswered: (method) => answered.push(method),
    onRecord: (exchanges) => records.push(exchanges),
    onDifference: (method, told) => differences.push({ method, told }),
  });
  collectLines(clientOut, toClient);
  collectLines(front.stdin, toServer);
  return {
    front,
    toClient,
    toServer,
    records,
    differences,
    answered,
    /** The client writes a message. */
    send: (message: object) => clientIn.write(line(message)),
    /** The client writes the opening of {@link RECORDED}, its requests under these ids. */
    sendOpening: (initializeId = 1, toolsListId = 2) => {
      clientIn.write(line({ id: initializeId, method: 'initialize', params: INITIALIZE_PARAMS }));
      clientIn.write(line({ method: 'notifications/initialized' }));
      clientIn.write(line({ id: toolsListId, method: 'tools/list', params: {} }));
    },
    /** The client writes text that may not be JSON. */
    sendRaw: (text: string) => clientIn.write(text),
    /** The server writes a message. */
    answer: (message: object) =>
      new Promise<void>((resolve) => front.stdout.write(line(message), () => resolve())),
    endClient: () => clientIn.end(),
  };
}

function collectLines(stream: NodeJS.ReadableStream, into: Record<string, unknown>[]): void {
  let buffered = '';
  stream.on('data', (chunk: Buffer | string) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const each of lines) {
      try {
        into.push(JSON.parse(each) as Record<string, unknown>);
      } catch {
        into.push({ raw: each });
      }
    }
  });
}

/** Lets the streams hand on what was written. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createOpeningFront', () => {
  it('without a record, passes every message through and records the opening once answered', async () => {
    const run = setUp([]);
    run.send({ id: 1, method: 'initialize', params: INITIALIZE_PARAMS });
    await settle();
    expect(run.toServer).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: INITIALIZE_PARAMS },
    ]);
    await run.answer({ id: 1, result: INITIALIZE_RESULT });
    run.send({ method: 'notifications/initialized' });
    run.send({ id: 2, method: 'tools/list', params: {} });
    await settle();
    await run.answer({ id: 2, result: TOOLS });
    await settle();
    expect(run.toClient).toEqual([
      { jsonrpc: '2.0', id: 1, result: INITIALIZE_RESULT },
      { jsonrpc: '2.0', id: 2, result: TOOLS },
    ]);
    expect(run.records.at(-1)).toEqual(RECORDED);
    expect(run.answered).toEqual([]);
  });

  it('answers a matching opening from the record at once, and keeps the server answers to it', async () => {
    const run = setUp([RECORDED]);
    run.sendOpening(7, 8);
    await settle();
    // Answered before the server said anything, with the client's own ids.
    expect(run.toClient).toEqual([
      { jsonrpc: '2.0', id: 7, result: INITIALIZE_RESULT },
      { jsonrpc: '2.0', id: 8, result: TOOLS },
    ]);
    expect(run.answered).toEqual(['initialize', 'tools/list']);
    // The server still hears all of it, in order, the requests under ids of the front's own.
    expect(run.toServer.map((message) => message.method)).toEqual([
      'initialize',
      'notifications/initialized',
      'tools/list',
    ]);
    const [initializeId, toolsId] = [run.toServer[0]?.id, run.toServer[2]?.id];
    expect(initializeId).not.toBe(7);
    expect(toolsId).not.toBe(8);
    await run.answer({ id: initializeId, result: INITIALIZE_RESULT });
    await run.answer({ id: toolsId, result: TOOLS });
    await settle();
    expect(run.toClient).toHaveLength(2);
    expect(run.differences).toEqual([]);
    expect(run.records).toEqual([]);
  });

  it('tells the client a list changed when the server lists otherwise, and records what it listed', async () => {
    const run = setUp([RECORDED]);
    run.sendOpening();
    await settle();
    const newTools = { tools: [{ name: 'farewell', inputSchema: { type: 'object' } }] };
    await run.answer({ id: run.toServer[0]?.id, result: INITIALIZE_RESULT });
    await run.answer({ id: run.toServer[2]?.id, result: newTools });
    await settle();
    expect(run.toClient.at(-1)).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
    });
    expect(run.differences).toEqual([{ method: 'tools/list', told: true }]);
    expect(run.records.at(-1)?.[2]?.answer).toEqual({ result: newTools });
  });

  it('tells nothing it has not declared: a list that differs without listChanged is only reported', async () => {
    const withoutListChanged = structuredClone(RECORDED);
    (withoutListChanged[0] as OpeningExchange).answer = {
      result: { ...INITIALIZE_RESULT, capabilities: { tools: {} } },
    };
    const run = setUp([withoutListChanged]);
    run.sendOpening();
    await settle();
    await run.answer({
      id: run.toServer[0]?.id,
      result: { ...INITIALIZE_RESULT, capabilities: { tools: {} } },
    });
    await run.answer({ id: run.toServer[2]?.id, result: { tools: [] } });
    await settle();
    expect(run.toClient.map((message) => message.method)).toEqual([undefined, undefined]);
    expect(run.differences).toEqual([{ method: 'tools/list', told: false }]);
  });

  it('stops answering at the first message the record does not hold, and the server answers from there', async () => {
    const run = setUp([RECORDED]);
    run.send({ id: 1, method: 'initialize', params: INITIALIZE_PARAMS });
    run.send({ method: 'notifications/initialized' });
    run.send({ id: 2, method: 'tools/list', params: { cursor: 'next' } });
    await settle();
    expect(run.toClient).toEqual([{ jsonrpc: '2.0', id: 1, result: INITIALIZE_RESULT }]);
    expect(run.toServer[2]).toEqual({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/list',
      params: { cursor: 'next' },
    });
    await run.answer({ id: run.toServer[0]?.id, result: INITIALIZE_RESULT });
    await run.answer({ id: 2, result: TOOLS });
    await settle();
    expect(run.toClient).toEqual([
      { jsonrpc: '2.0', id: 1, result: INITIALIZE_RESULT },
      { jsonrpc: '2.0', id: 2, result: TOOLS },
    ]);
    expect(run.records.at(-1)?.[2]).toEqual({
      method: 'tools/list',
      params: { cursor: 'next' },
      answer: { result: TOOLS },
    });
  });

  it('answers each client from its own opening: the one its first message starts', async () => {
    const otherClient = { ...INITIALIZE_PARAMS, clientInfo: { name: 'other', version: '2.0.0' } };
    const otherResult = { ...INITIALIZE_RESULT, protocolVersion: '2025-06-18' };
    const other: OpeningExchange[] = [
      { method: 'initialize', params: otherClient, answer: { result: otherResult } },
    ];
    const run = setUp([other, RECORDED]);
    run.sendOpening();
    await settle();
    expect(run.toClient).toEqual([
      { jsonrpc: '2.0', id: 1, result: INITIALIZE_RESULT },
      { jsonrpc: '2.0', id: 2, result: TOOLS },
    ]);
    const second = setUp([other, RECORDED]);
    second.send({ id: 1, method: 'initialize', params: otherClient });
    await settle();
    expect(second.toClient).toEqual([{ jsonrpc: '2.0', id: 1, result: otherResult }]);
  });

  it('answers a level set in the opening from the record, and the server still sets it', async () => {
    const run = setUp([
      [
        ...RECORDED,
        { method: 'logging/setLevel', params: { level: 'debug' }, answer: { result: {} } },
      ],
    ]);
    run.sendOpening();
    run.send({ id: 3, method: 'logging/setLevel', params: { level: 'debug' } });
    await settle();
    expect(run.toClient.at(-1)).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
    expect(run.toServer.at(-1)).toMatchObject({
      method: 'logging/setLevel',
      params: { level: 'debug' },
    });
  });

  it('ends the opening at a call: it and everything after pass through untouched', async () => {
    const run = setUp([RECORDED]);
    run.send({ id: 1, method: 'tools/call', params: { name: 'greet', arguments: {} } });
    run.send({ id: 2, method: 'tools/list', params: {} });
    await settle();
    expect(run.toClient).toEqual([]);
    expect(run.toServer.map((message) => message.id)).toEqual([1, 2]);
    await run.answer({ id: 1, result: { content: [] } });
    await run.answer({ method: 'notifications/message', params: { level: 'info', data: 'hi' } });
    await settle();
    expect(run.toClient).toEqual([
      { jsonrpc: '2.0', id: 1, result: { content: [] } },
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'hi' } },
    ]);
    expect(run.records).toEqual([]);
  });

  it('hands lines that are not JSON to the server as they are, and ends its input with the client', async () => {
    const run = setUp([RECORDED]);
    const ended = new Promise((resolve) => run.front.stdin.once('end', resolve));
    run.sendRaw('{"jsonrpc":"2.0","id":1,"method":"initialize",\n');
    run.send({ id: 2, method: 'tools/list', params: {} });
    run.endClient();
    await ended;
    // The server refuses the broken line itself; the request after it is not the record's
    // first message, so it goes on unchanged and the server answers it.
    expect(run.toServer).toEqual([
      { raw: '{"jsonrpc":"2.0","id":1,"method":"initialize",' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
    ]);
    expect(run.toClient).toEqual([]);
  });
});
