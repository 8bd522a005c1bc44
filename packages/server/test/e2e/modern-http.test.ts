import * as core from '@apcore-mcp/core';
import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createInteractiveRuntime } from '../../src/__fixtures__/interactive-modules.js';
import { type ServerHandle, startServer } from '../../src/index.js';
import type { ServeOptions } from '../../src/options/serve-options.js';
import { connectStreamable } from '../helpers/clients.js';

/** A 2.x client pinned to 2026-07-28 whose every request carries `headers`. */
function modernClient(url: string, headers: Record<string, string> = {}) {
  const client = new Client(
    { name: 'e2e-modern', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  const withHeaders: typeof fetch = (input, init) =>
    fetch(input, {
      ...init,
      headers: { ...Object.fromEntries(new Headers(init?.headers)), ...headers },
    });
  return {
    client,
    transport: new StreamableHTTPClientTransport(new URL(url), { fetch: withHeaders }),
  };
}

describe('2026-07-28 requests on the Streamable HTTP endpoint', () => {
  let server: ServerHandle | undefined;
  let close: (() => Promise<void>) | undefined;
  let logger = createRecordingLogger();
  afterEach(async () => {
    await close?.();
    await server?.close();
    server = undefined;
    close = undefined;
  });

  async function start(options: ServeOptions = {}): Promise<string> {
    logger = createRecordingLogger();
    const { executor, registry } = createInteractiveRuntime();
    registry.register(
      'who.am.i',
      core.defineModule({
        description: 'Names the caller.',
        inputSchema: { type: 'object', properties: {} },
        execute: (_inputs, context) => ({ id: context.identity?.id ?? null }),
      }),
    );
    server = await startServer(executor, {
      transport: 'streamable-http',
      port: 0,
      logger,
      ...options,
    });
    return server.url ?? '';
  }

  it('sends a streaming call its chunks as progress, then the merged result', async () => {
    const { client, transport } = modernClient(await start());
    await client.connect(transport);
    close = () => client.close();
    const progress: number[] = [];
    const result = await client.callTool(
      { name: 'report-build', arguments: {} },
      { onprogress: (update) => progress.push(update.progress) },
    );
    // The last notification may race the result on the client side: at least the first two.
    expect(progress.slice(0, 2)).toEqual([1, 2]);
    expect(JSON.parse(firstText(result))).toMatchObject({ status: 'done' });
  });

  it('passes the Host/Origin guard first: a foreign Origin is refused', async () => {
    const { client, transport } = modernClient(await start(), { origin: 'https://evil.example' });
    close = () => client.close();
    await expect(client.connect(transport)).rejects.toThrow();
    expect(logger.entries.map((entry) => entry.message)).toContainEqual(
      expect.stringContaining('Refused HTTP request'),
    );
  });

  it('hands the identity authenticate() gave to the call', async () => {
    const url = await start({
      authenticate: (request) =>
        request.headers.authorization === 'Bearer alice' ? { id: 'alice' } : null,
    });
    const refused = modernClient(url);
    await expect(refused.client.connect(refused.transport)).rejects.toThrow();
    const { client, transport } = modernClient(url, { authorization: 'Bearer alice' });
    await client.connect(transport);
    close = () => client.close();
    const result = await client.callTool({ name: 'who-am-i', arguments: {} });
    expect(JSON.parse(firstText(result))).toEqual({ id: 'alice' });
  });

  it('gives 2026-07-28 clients the cacheHints of tools/list, and 2025 clients none', async () => {
    const url = await start({
      cacheHints: { 'tools/list': { ttlMs: 60_000, cacheScope: 'public' } },
    });
    const { client, transport } = modernClient(url);
    await client.connect(transport);
    const legacy = await connectStreamable(url);
    close = async () => {
      await Promise.allSettled([client.close(), legacy.client.close()]);
    };
    expect(await client.listTools()).toMatchObject({ ttlMs: 60_000, cacheScope: 'public' });
    const old = await legacy.client.listTools();
    expect(old).not.toHaveProperty('ttlMs');
    expect(old).not.toHaveProperty('cacheScope');
  });

  it('takes a body up to maxBodyBytes, beyond the SDK default of 4 MiB', async () => {
    const { client, transport } = modernClient(await start({ maxBodyBytes: 8 * 1024 * 1024 }));
    await client.connect(transport);
    close = () => client.close();
    const pad = 'x'.repeat(5 * 1024 * 1024);
    const result = await client.callTool({ name: 'who-am-i', arguments: { pad } });
    expect(result.isError).toBeFalsy();
  });
});
