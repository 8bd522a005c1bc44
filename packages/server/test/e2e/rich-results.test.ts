import * as core from '@apcore-mcp/core';
import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import {
  type ClientEra,
  connectClient,
  type McpClientHandle,
  type ProgressUpdate,
} from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/lifecycle/start-server.js';
import { createRichRuntime, RED_PIXEL_PNG, TINY_WAV } from '../fixtures/rich-modules.mjs';
import { fixturePath, SERVER_ROOT } from '../helpers/fixture-path.js';

/** Small enough to hit with a test module, large enough for every other result here. */
const MAX_RESULT_BYTES = 4096;

/** What the MCP conformance suite's content scenarios check, item for item. */
const CONFORMANCE_RESULTS: Record<string, unknown[]> = {
  test_simple_text: [{ type: 'text', text: 'This is a simple text response for testing.' }],
  test_image_content: [{ type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' }],
  test_audio_content: [{ type: 'audio', data: TINY_WAV, mimeType: 'audio/wav' }],
  test_embedded_resource: [
    {
      type: 'resource',
      resource: {
        uri: 'test://embedded-resource',
        mimeType: 'text/plain',
        text: 'This is an embedded resource content.',
      },
    },
  ],
  test_multiple_content_types: [
    { type: 'text', text: 'Multiple content types test:' },
    { type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' },
    {
      type: 'resource',
      resource: {
        uri: 'test://mixed-content-resource',
        mimeType: 'application/json',
        text: '{"test":"data","value":123}',
      },
    },
  ],
};

let httpServer: Awaited<ReturnType<typeof startServer>>;
const httpServerLog = createRecordingLogger();

beforeAll(async () => {
  httpServer = await startServer(createRichRuntime(core).executor, {
    transport: 'streamable-http',
    port: 0,
    maxResultBytes: MAX_RESULT_BYTES,
    logger: httpServerLog,
  });
});

afterAll(async () => {
  await httpServer?.close();
});

const TRANSPORTS = {
  'Streamable HTTP': (era: ClientEra) =>
    connectClient({ era, transport: 'http', url: httpServer.url ?? '' }),
  'stdio (child process)': (era: ClientEra) =>
    connectClient({
      era,
      transport: 'stdio',
      command: process.execPath,
      args: [fixturePath('rich-results-server.mjs')],
      cwd: SERVER_ROOT,
      env: { ...process.env, FIXTURE_MAX_RESULT_BYTES: String(MAX_RESULT_BYTES) },
      stderr: 'ignore',
    }),
};

const CASES = Object.entries(TRANSPORTS).flatMap(([transport, connect]) =>
  (['2025-11-25', '2026-07-28'] as const).map((era) => ({ transport, era, connect })),
);

describe.each(CASES)('rich results over $transport, $era client', ({ era, connect }) => {
  let client: McpClientHandle;

  beforeAll(async () => {
    client = await connect(era);
  });

  afterAll(async () => {
    await client?.close();
  });

  it('answers each conformance content scenario with exactly its content items', async () => {
    for (const [tool, content] of Object.entries(CONFORMANCE_RESULTS)) {
      const result = await client.callTool(tool);
      expect(result.content, tool).toEqual(content);
      expect(result.isError, tool).toBe(false);
    }
  });

  it('answers a plain string as that string, a link as a resource_link, JSON as before', async () => {
    expect((await client.callTool('media-plain_string')).content).toEqual([
      { type: 'text', text: '{"text":"not JSON to us"}' },
    ]);
    expect((await client.callTool('media-link')).content).toEqual([
      {
        type: 'resource_link',
        uri: 'test://report.csv',
        name: 'report.csv',
        mimeType: 'text/csv',
        size: 12,
      },
    ]);
    expect(await client.callTool('media-typed')).toMatchObject({
      content: [{ type: 'text', text: '{"total":3}' }],
      structuredContent: { total: 3 },
      isError: false,
    });
  });

  it('concatenates the content chunks of a streamed call; progress shows placeholders', async () => {
    const updates: ProgressUpdate[] = [];
    const result = await client.callTool(
      'media-frames',
      {},
      { onProgress: (update) => updates.push(update) },
    );
    expect(result.content).toEqual([
      { type: 'text', text: 'Frame 1 of 2' },
      { type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' },
    ]);
    // A client may drop the last notification when the result follows at once.
    expect(updates[0]?.message).toBe('Frame 1 of 2');
    for (const update of updates.slice(1)) {
      expect(update.message).toBe('[image: image/png, 70 bytes]');
    }
  });

  it('answers a result over maxResultBytes with RESULT_TOO_LARGE, and one under it whole', async () => {
    const over = await client.callTool('media-large', { bytes: MAX_RESULT_BYTES });
    expect(over.isError).toBe(true);
    expect(over._meta).toMatchObject({ 'apcore/errorCode': 'RESULT_TOO_LARGE' });
    expect(firstText(over)).toBe(
      `Result too large: ${MAX_RESULT_BYTES + 39} bytes, over the limit of ${MAX_RESULT_BYTES} bytes (maxResultBytes). Ask for less, or have the module return a resource link instead of the data.`,
    );
    const under = await client.callTool('media-large', { bytes: 100 });
    expect(under.content).toEqual([{ type: 'text', text: 'x'.repeat(100) }]);
  });

  it('answers a module that passed image() bad base64 with an error, and keeps serving', async () => {
    const failed = await client.callTool('media-bad_image');
    expect(failed).toMatchObject({
      isError: true,
      content: [
        {
          type: 'text',
          text: 'Invalid result: image: data is not valid base64 (19 characters); pass the bytes or their standard, padded base64',
        },
        { type: 'text' /* the AI guidance appendix */ },
      ],
      _meta: { 'apcore/errorCode': 'INVALID_RESULT' },
    });
    const next = await client.callTool('test_simple_text');
    expect(next.content).toEqual(CONFORMANCE_RESULTS.test_simple_text);
  });
});
