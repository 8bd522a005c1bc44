import * as core from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import {
  type ClientEra,
  connectClient,
  type McpClientHandle,
  type ProgressUpdate,
} from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { defineSecretModules, LOGIN_OUTPUT, SECRETS } from '../fixtures/secret-modules.mjs';
import { fixturePath, SERVER_ROOT } from '../helpers/fixture-path.js';
import { connectTaskClient, type TaskClient } from '../helpers/task-clients.js';

const R = '***REDACTED***';

/** What a client sees of `vault.login`: every secret redacted, every other field as it was. */
const REDACTED_LOGIN = {
  token: R,
  expires_at: '2026-04-06T12:00:00Z',
  pin: R,
  card: { number: R, holder: 'Ann' },
  devices: [
    { id: 'd1', secret: R },
    { id: 'd2', secret: R },
  ],
  _secret_seed: R,
};

function createRegistry(): Registry {
  const registry = new Registry();
  for (const [id, module] of Object.entries(defineSecretModules(core))) {
    registry.register(id, module);
  }
  return registry;
}

function expectNoSecret(seen: unknown): void {
  const text = JSON.stringify(seen);
  for (const secret of SECRETS) expect(text).not.toContain(secret);
}

let http: ServerHandle;
let sse: ServerHandle;

beforeAll(async () => {
  const start = (transport: 'streamable-http' | 'sse') =>
    startServer(createRegistry(), { transport, port: 0, logger: createRecordingLogger() });
  [http, sse] = await Promise.all([start('streamable-http'), start('sse')]);
});

afterAll(async () => {
  await Promise.all([http?.close(), sse?.close()]);
});

const CONNECTIONS: { name: string; era: ClientEra; connect: () => Promise<McpClientHandle> }[] = [
  ...(['2025-11-25', '2026-07-28'] as const).flatMap((era) => [
    {
      name: `Streamable HTTP, ${era}`,
      era,
      connect: () => connectClient({ era, transport: 'http', url: http.url ?? '' }),
    },
    {
      name: `stdio, ${era}`,
      era,
      connect: () =>
        connectClient({
          era,
          transport: 'stdio',
          command: process.execPath,
          args: [fixturePath('secret-server.mjs')],
          cwd: SERVER_ROOT,
          stderr: 'ignore',
        }),
    },
  ]),
  {
    name: 'SSE, 2025-11-25',
    era: '2025-11-25',
    connect: () => connectClient({ era: '2025-11-25', transport: 'sse', url: sse.url ?? '' }),
  },
];

describe.each(CONNECTIONS)('secrets in results over $name', ({ connect }) => {
  let client: McpClientHandle;

  beforeAll(async () => {
    client = await connect();
  });

  afterAll(async () => {
    await client?.close();
  });

  it('redacts x-sensitive fields (behind $refs, in items) and _secret_ keys in text and structuredContent', async () => {
    // The SDK clients check structuredContent against the listed outputSchema: a redacted
    // integer PIN passes only because the schema also accepts the placeholder.
    const result = await client.callTool('vault-login');
    expect(result.isError).toBe(false);
    expect(result.structuredContent).toEqual(REDACTED_LOGIN);
    expect(JSON.parse(firstText(result))).toEqual(REDACTED_LOGIN);
    expectNoSecret(result);
  });

  it('lists an output schema that accepts the placeholder only where a value is secret', async () => {
    const login = (await client.listTools()).find((tool) => tool.name === 'vault-login');
    const properties = login?.outputSchema?.properties as Record<string, Record<string, unknown>>;
    expect(properties.pin).toEqual({
      anyOf: [
        { type: 'integer', 'x-sensitive': true },
        { type: 'string', const: R },
      ],
    });
    expect(properties.expires_at).toEqual({ type: 'string' });
  });

  it('redacts a _secret_ key of a tool without an output schema', async () => {
    const result = await client.callTool('vault-config');
    expect(JSON.parse(firstText(result))).toEqual({
      region: 'eu-west',
      nested: { _secret_api_key: R },
    });
    expectNoSecret(result);
  });

  it('redacts every streamed chunk before it is sent as progress, and the merged result', async () => {
    const updates: ProgressUpdate[] = [];
    const result = await client.callTool('vault-feed', {}, { onProgress: (u) => updates.push(u) });
    // Chunks merge key by key: the last chunk's `events` is the result's.
    expect(result.structuredContent).toEqual({ events: [{ n: 2, key: R }] });
    // A client may drop the last notification when the result follows at once.
    expect(updates.length).toBeGreaterThan(0);
    expect(updates[0]?.message).toBe(JSON.stringify({ events: [{ n: 1, key: R }] }));
    expectNoSecret(updates);
    expectNoSecret(result);
  });
});

describe('secrets in task results (2026-07-28 tasks extension)', () => {
  let client: TaskClient;

  beforeAll(async () => {
    client = await connectTaskClient({ transport: 'http', url: http.url ?? '' }, { tasks: true });
  });

  afterAll(async () => {
    await client?.close();
  });

  it('redacts the result a finished task hands out', async () => {
    const created = await client.call('vault-rotate');
    expect(created).toMatchObject({ resultType: 'task' });
    const done = await client.waitFor(created.taskId as string, ['completed']);
    expect(done).toMatchObject({ result: { structuredContent: { rotated: true, key: R } } });
    expectNoSecret(done);
  });
});

describe('redactOutput: false', () => {
  let server: ServerHandle;
  const log = createRecordingLogger();

  beforeAll(async () => {
    server = await startServer(createRegistry(), {
      transport: 'streamable-http',
      port: 0,
      redactOutput: false,
      logger: log,
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('warns at start, then answers the module output as it is, with its schema as declared', async () => {
    expect(log.messages('warn')).toContainEqual(
      expect.stringContaining('Output redaction is off (redactOutput: false, --no-redact-output)'),
    );
    const client = await connectClient({
      era: '2026-07-28',
      transport: 'http',
      url: server.url ?? '',
    });
    try {
      const result = await client.callTool('vault-login');
      expect(result.structuredContent).toEqual(LOGIN_OUTPUT);
      const login = (await client.listTools()).find((tool) => tool.name === 'vault-login');
      const properties = login?.outputSchema?.properties as Record<string, unknown>;
      expect(properties.pin).toEqual({ type: 'integer', 'x-sensitive': true });
    } finally {
      await client.close();
    }
  });
});
