import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectClient } from '../../src/clients/connect-client.js';
import type {
  ConnectClientOptions,
  McpClientHandle,
  ProgressUpdate,
} from '../../src/clients/types.js';
import { firstText } from '../../src/first-text.js';
import { startTinyHttpServer, type TinyHttpServer } from './__fixtures__/tiny-http-server.js';
import { cancellations } from './__fixtures__/tiny-server.js';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const stdioServer = fileURLToPath(new URL('./__fixtures__/tiny-stdio-server.ts', import.meta.url));

interface Lane {
  name: string;
  /** The era label the tiny server's lane echoes back. */
  servedAs: string;
  /** Whether the server runs in this process, so the test can see what its handlers saw. */
  inProcess: boolean;
  options(http: TinyHttpServer): ConnectClientOptions;
}

const stdio = {
  transport: 'stdio',
  command: process.execPath,
  args: ['--import', 'tsx', stdioServer],
  cwd: packageDir,
} as const;

const LANES: Lane[] = [
  {
    name: '2025-11-25 over stdio',
    servedAs: 'legacy',
    inProcess: false,
    options: () => ({ era: '2025-11-25', ...stdio }),
  },
  {
    name: '2026-07-28 over stdio',
    servedAs: 'modern',
    inProcess: false,
    options: () => ({ era: '2026-07-28', ...stdio }),
  },
  {
    name: '2025-11-25 over HTTP',
    servedAs: 'legacy',
    inProcess: true,
    options: (http) => ({ era: '2025-11-25', transport: 'http', url: http.mcpUrl }),
  },
  {
    name: '2026-07-28 over HTTP',
    servedAs: 'modern',
    inProcess: true,
    options: (http) => ({ era: '2026-07-28', transport: 'http', url: http.mcpUrl }),
  },
  {
    name: '2025-11-25 over SSE',
    servedAs: 'sse',
    inProcess: true,
    options: (http) => ({ era: '2025-11-25', transport: 'sse', url: http.sseUrl }),
  },
];

let http: TinyHttpServer;
beforeAll(async () => {
  http = await startTinyHttpServer();
});
afterAll(async () => {
  await http?.close();
});

describe.each(LANES)('a $name client', (lane) => {
  let client: McpClientHandle;
  beforeAll(async () => {
    client = await connectClient(lane.options(http));
  });
  afterAll(async () => {
    await client?.close();
  });

  it('speaks the era it asked for', () => {
    expect(client.era).toBe(lane.options(http).era);
  });

  it('lists the tools as plain JSON', async () => {
    const tools = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['ask', 'count', 'echo', 'wait']);
    expect(tools.find((tool) => tool.name === 'echo')).toEqual({
      name: 'echo',
      description: 'Answers its text',
      inputSchema: { type: 'object' },
    });
  });

  it('calls a tool', async () => {
    const result = await client.callTool('echo', { text: 'hi' });
    expect(result.isError).toBe(false);
    expect(firstText(result)).toBe(`${lane.servedAs}:hi`);
  });

  it('receives progress', async () => {
    const seen: ProgressUpdate[] = [];
    const result = await client.callTool(
      'count',
      {},
      { onProgress: (update) => seen.push(update) },
    );
    expect(firstText(result)).toBe('counted');
    // Every step, the last one too, although it reaches the client just before the result.
    expect(seen).toEqual(
      [1, 2, 3].map((progress) => ({ progress, total: 3, message: `step ${progress}` })),
    );
  });

  it('cancels a call that is running, and goes on serving', async () => {
    const controller = new AbortController();
    const before = cancellations.length;
    // `wait` reports progress once it runs, and then only ends when cancelled.
    const call = client.callTool(
      'wait',
      {},
      { signal: controller.signal, onProgress: () => controller.abort('user-cancel') },
    );
    // Both SDKs reject with their timeout code (-32001, REQUEST_TIMEOUT) and the abort reason.
    await expect(call).rejects.toThrow('user-cancel');
    if (lane.inProcess) {
      await vi.waitFor(() => expect(cancellations.length).toBe(before + 1));
    }
    expect(firstText(await client.callTool('echo', { text: 'after' }))).toBe(
      `${lane.servedAs}:after`,
    );
  });

  it('answers an elicitation with the call’s own handler', async () => {
    const asked: string[] = [];
    const result = await client.callTool(
      'ask',
      {},
      {
        onElicit: (request) => {
          asked.push(request.message);
          return { action: 'accept', content: { name: 'Ada' } };
        },
      },
    );
    expect(asked).toEqual(['Your name?']);
    expect(firstText(result)).toBe('hello Ada');
  });

  it('declines an elicitation when nobody answers it', async () => {
    expect(firstText(await client.callTool('ask'))).toBe('no name (decline)');
  });
});
