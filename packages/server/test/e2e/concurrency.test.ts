import * as core from '@apcore-mcp/core';
import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../src/index.js';
import { createFixtureRuntime } from '../fixtures/fixture-modules.mjs';
import { connectStreamable } from '../helpers/clients.js';

// 500 calls over real sockets: allow for a machine busy with other work.
describe('concurrent Streamable HTTP clients', { timeout: 120_000 }, () => {
  it('answers 10 clients x 50 calls each, every answer its own', async () => {
    const server = await startServer(createFixtureRuntime(core).executor, {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
    });
    try {
      const clients = await Promise.all(
        Array.from({ length: 10 }, () => connectStreamable(server.url ?? '')),
      );
      const answers = await Promise.all(
        clients.map(({ client }, clientIndex) =>
          Promise.all(
            Array.from({ length: 50 }, async (_, callIndex) => {
              const result = await client.callTool({
                name: 'math-add',
                arguments: { a: clientIndex * 1000, b: callIndex },
              });
              return { expected: clientIndex * 1000 + callIndex, text: firstText(result) };
            }),
          ),
        ),
      );
      const flat = answers.flat();
      expect(flat).toHaveLength(500);
      for (const { expected, text } of flat) expect(JSON.parse(text)).toEqual({ sum: expected });
      await Promise.all(clients.map(({ client }) => client.close()));
    } finally {
      await server.close();
    }
  });
});
