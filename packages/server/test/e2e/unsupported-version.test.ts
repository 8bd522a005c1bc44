import * as core from '@apcore-mcp/core';
import { createRecordingLogger, killProcessGroup } from '@apcore-mcp/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { createFixtureRuntime } from '../fixtures/fixture-modules.mjs';
import { spawnChildServer } from '../helpers/child-server.js';
import { MODERN_REVISION, modernEnvelope, postModern } from '../helpers/modern-raw.js';

const LATER_REVISION = '2099-01-01';

/** The error a request claiming a revision the server does not implement must get. */
const UNSUPPORTED = {
  code: -32022,
  message: expect.stringContaining(LATER_REVISION),
  data: { requested: LATER_REVISION, supported: expect.arrayContaining([MODERN_REVISION]) },
};

describe('a 2026-07-28-style request claiming an unsupported protocol version', () => {
  let server: ServerHandle | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('gets -32022 naming the supported versions over HTTP; the server keeps serving', async () => {
    server = await startServer(createFixtureRuntime(core).executor, {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
    });
    const url = server.url ?? '';
    for (const method of ['tools/list', 'tools/call']) {
      const params = method === 'tools/call' ? { name: 'math-add', arguments: { a: 1, b: 2 } } : {};
      const refused = await postModern(url, method, params, { protocolVersion: LATER_REVISION });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject(UNSUPPORTED);
    }
    const valid = await postModern(url, 'tools/call', {
      name: 'math-add',
      arguments: { a: 1, b: 2 },
    });
    expect(valid.body.result).toMatchObject({ structuredContent: { sum: 3 } });
  });

  it('gets -32022 naming the supported versions over stdio; the server keeps serving', async () => {
    const child = spawnChildServer('stdio-server.mjs', { FIXTURE_LOG_LEVEL: 'error' });
    try {
      child.send({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'math-add',
          arguments: { a: 1, b: 2 },
          _meta: modernEnvelope(LATER_REVISION),
        },
      });
      const refused = await child.waitForMessage((message) => message.id === 1);
      expect(refused.error).toMatchObject(UNSUPPORTED);
      child.send({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'math-add', arguments: { a: 2, b: 3 }, _meta: modernEnvelope() },
      });
      const answered = await child.waitForMessage((message) => message.id === 2);
      expect(answered.result).toMatchObject({ structuredContent: { sum: 5 } });
      child.child.stdin?.end();
      expect(await child.exited).toEqual({ code: 0, signal: null });
    } finally {
      if (child.child.exitCode === null) killProcessGroup(child.child.pid);
    }
  });
});
