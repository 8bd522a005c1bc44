import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { afterEach, describe, expect, it } from 'vitest';
import { createInteractiveRuntime } from '../../src/__fixtures__/interactive-modules.js';
import { type ServerHandle, startServer } from '../../src/index.js';
import type { ServeOptions } from '../../src/options.js';
import { postToolCall } from '../helpers/modern-raw.js';

describe('signed requestState on 2026-07-28 HTTP requests', () => {
  const servers: ServerHandle[] = [];
  afterEach(async () => {
    await Promise.allSettled(servers.splice(0).map((server) => server.close()));
  });

  async function start(options: ServeOptions = {}) {
    const logger = createRecordingLogger();
    const { executor } = createInteractiveRuntime();
    const server = await startServer(executor, {
      transport: 'streamable-http',
      port: 0,
      logger,
      ...options,
    });
    servers.push(server);
    return { url: server.url ?? '', logger };
  }

  it('refuses a forged requestState with -32602 and keeps serving', async () => {
    const { url } = await start();
    const forged = await postToolCall(url, {
      name: 'files-delete',
      arguments: { path: '/tmp/a' },
      inputResponses: { approval: { action: 'accept', content: { confirm: true } } },
      requestState: 'v1.e30.forged',
    });
    expect(forged.body.error).toMatchObject({
      code: -32602,
      message: 'Invalid or expired requestState',
    });
    const client = await connectClient({ era: '2026-07-28', transport: 'http', url });
    try {
      const result = await client.callTool('report-plain', {});
      expect(firstText(result)).toContain('execute');
    } finally {
      await client.close();
    }
  });

  it('says once, at info, that several instances need a shared stateKey', async () => {
    const { logger } = await start();
    const lines = logger.entries.filter((entry) => entry.message?.includes('stateKey') === true);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.level).toBe('info');
    const keyed = await start({ stateKey: 'ab'.repeat(32) });
    expect(keyed.logger.entries.some((entry) => entry.message?.includes('stateKey') === true)).toBe(
      false,
    );
  });
});
