import * as core from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import {
  type ClientEra,
  connectClient,
  type McpClientHandle,
} from '@apcore-mcp/test-support/clients';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernStreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { rejection } from '../helpers/rejection.js';
import { SUBJECT_HEADER } from '../helpers/subject-clients.js';

const LIMITS = {
  maxSubscriptionsPerSession: 3,
  maxResourceUriLength: 64,
  maxListenStreamsPerSubject: 2,
};
const ERAS: ClientEra[] = ['2025-11-25', '2026-07-28'];

/** A URI the catch-all template serves, `length` characters long. */
function noteUri(name: string, length = 0): string {
  const uri = `notes://${name}`;
  return uri.padEnd(length, 'x');
}

/**
 * A server whose template serves any `notes://` URI, so nothing but the bounds stops a client
 * from subscribing to as many URIs of any length as it likes; callers named by a header.
 */
describe('subscriptions are bounded, over Streamable HTTP', () => {
  let server: ServerHandle;
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const registry = new Registry();
    registry.register(
      'notes.touch',
      core.defineModule({
        description: 'Touches a note',
        inputSchema: { type: 'object', properties: {} },
        execute: () => ({}),
      }),
    );
    const notes = core.defineResourceTemplate({
      uriTemplate: 'notes://{name}',
      name: 'note',
      read: ({ name }) => `note ${name}`,
    });
    server = await startServer(registry, {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
      resourceTemplates: [notes],
      authenticate: (request) => {
        const id = request.headers[SUBJECT_HEADER];
        return typeof id === 'string' ? { id, type: 'user' } : null;
      },
      ...LIMITS,
    });
  });
  afterAll(async () => {
    await Promise.allSettled(closers.map((close) => close()));
    await server.close();
  });

  async function connectAs(subject: string, era: ClientEra): Promise<McpClientHandle> {
    const client = await connectClient({
      era,
      transport: 'http',
      url: server.url ?? '',
      headers: { [SUBJECT_HEADER]: subject },
    });
    closers.push(() => client.close());
    return client;
  }

  /** A 2.x client pinned to 2026-07-28, for `subscriptions/listen` filters of its own. */
  async function connectModernAs(subject: string): Promise<ModernClient> {
    const client = new ModernClient(
      { name: 'bounds-test', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const transport = new ModernStreamableHTTPClientTransport(new URL(server.url ?? ''), {
      requestInit: { headers: { [SUBJECT_HEADER]: subject } },
    });
    await client.connect(transport);
    closers.push(() => client.close());
    return client;
  }

  it.each(ERAS)(
    'refuses to read a URI over maxResourceUriLength (%s), and reads one within it',
    async (era) => {
      const client = await connectAs('ann', era);
      const error = await rejection(client.readResource(noteUri('long', 65)));
      expect(error.code).toBe(-32602);
      expect(error.message).toContain('maxResourceUriLength');
      expect(error.message).toContain('64');
      expect(error.data).toEqual({ option: 'maxResourceUriLength', limit: 64 });
      const within = await client.readResource(noteUri('fits', 64));
      expect(within.contents[0]).toMatchObject({ uri: noteUri('fits', 64) });
    },
  );

  it('holds a 2025-11-25 session to maxSubscriptionsPerSession, and to the URI length', async () => {
    const client = await connectAs('ann', '2025-11-25');
    const held = [];
    for (const name of ['a', 'b', 'c'])
      held.push(await client.subscribeResource(noteUri(name), () => {}));
    const over = await rejection(client.subscribeResource(noteUri('d'), () => {}));
    expect(over.code).toBe(-32602);
    expect(over.message).toContain('maxSubscriptionsPerSession');
    expect(over.data).toEqual({ option: 'maxSubscriptionsPerSession', limit: 3 });
    // The same URI again is no new subscription; giving one up makes room for another.
    await client.subscribeResource(noteUri('a'), () => {});
    await held[0]?.close();
    await client.subscribeResource(noteUri('d'), () => {});
    const long = await rejection(
      (await connectAs('ann', '2025-11-25')).subscribeResource(noteUri('long', 65), () => {}),
    );
    expect(long.data).toEqual({ option: 'maxResourceUriLength', limit: 64 });
  });

  it('refuses a 2026-07-28 listen filter with more URIs than maxSubscriptionsPerSession, or one too long', async () => {
    const client = await connectModernAs('ann');
    const many = [noteUri('a'), noteUri('b'), noteUri('c'), noteUri('d')];
    const tooMany = await rejection(client.listen({ resourceSubscriptions: many }));
    expect(tooMany.code).toBe(-32602);
    expect(tooMany.message).toContain('maxSubscriptionsPerSession');
    const tooLong = await rejection(client.listen({ resourceSubscriptions: [noteUri('x', 65)] }));
    expect(tooLong.code).toBe(-32602);
    expect(tooLong.message).toContain('maxResourceUriLength');
    const fits = await client.listen({ resourceSubscriptions: many.slice(0, 3) });
    await fits.close();
  });

  it('gives each subject its share of 2026-07-28 listen streams, and frees a slot on close', async () => {
    // A filter the server honours: the stream stays open (one it cannot honour closes at once).
    const filter = { resourceSubscriptions: [noteUri('shared')] };
    const carol = await connectModernAs('carol');
    const first = await carol.listen(filter);
    await carol.listen(filter);
    const refused = await rejection(carol.listen(filter));
    expect(refused.code).toBe(-32602);
    expect(refused.message).toContain('maxListenStreamsPerSubject');
    expect(refused.data).toEqual({ option: 'maxListenStreamsPerSubject', limit: 2 });
    // Another subject is not held back by this one.
    const dave = await connectModernAs('dave');
    await dave.listen(filter);
    // Closing a stream gives its slot back once the server saw it close.
    await first.close();
    await vi.waitFor(
      async () => {
        const again = await carol.listen(filter);
        await again.close();
      },
      { timeout: 5000 },
    );
  });
});
