import { defineModule } from '@apcore-mcp/core';
import { Executor, Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import { type ClientEra, connectClient } from '@apcore-mcp/test-support/clients';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { postToolCall } from '../helpers/modern-raw.js';

function createGreeterRuntime(): { registry: Registry; executor: Executor } {
  const registry = new Registry();
  for (const word of ['hello', 'bye']) {
    registry.register(
      `greet.${word}`,
      defineModule({
        description: `Says ${word}.`,
        inputSchema: { type: 'object', properties: {} },
        execute: () => ({ greeting: word }),
      }),
    );
  }
  return { registry, executor: new Executor(registry) };
}

describe.each<ClientEra>(['2025-11-25', '2026-07-28'])(
  'a tool name the server does not serve, for a %s client over Streamable HTTP',
  (era) => {
    let server: ServerHandle | undefined;
    afterEach(async () => {
      await server?.close();
      server = undefined;
    });

    async function connect(executor: Executor) {
      server = await startServer(executor, {
        transport: 'streamable-http',
        port: 0,
        logger: createRecordingLogger(),
      });
      return connectClient({ era, transport: 'http', url: server.url ?? '' });
    }

    it('is the protocol error -32602 Unknown tool, and the server keeps serving', async () => {
      const client = await connect(createGreeterRuntime().executor);
      try {
        await expect(client.callTool('greet-nope', {})).rejects.toMatchObject({
          code: -32602,
          message: expect.stringMatching(/Unknown tool: greet-nope$/),
        });
        expect(firstText(await client.callTool('greet-hello', {}))).toBe('{"greeting":"hello"}');
      } finally {
        await client.close();
      }
    });

    it('leaves a listed tool whose module left the registry a Module not found result', async () => {
      // Without `dynamic` the served tools do not follow the registry: the tool is still
      // listed, and only the executor finds its module gone.
      const { registry, executor } = createGreeterRuntime();
      const client = await connect(executor);
      try {
        registry.unregister('greet.hello');
        expect((await client.listTools()).map((tool) => tool.name)).toContain('greet-hello');
        const gone = await client.callTool('greet-hello', {});
        expect(gone.isError).toBe(true);
        expect(firstText(gone)).toBe('Module not found: greet.hello');
        expect(firstText(await client.callTool('greet-bye', {}))).toBe('{"greeting":"bye"}');
      } finally {
        await client.close();
      }
    });
  },
);

describe('an unknown tool on the wire (2026-07-28)', () => {
  it('is a JSON-RPC error response with the exact code and message, not a result', async () => {
    const server = await startServer(createGreeterRuntime().executor, {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
    });
    try {
      const answer = await postToolCall(server.url ?? '', { name: 'invalid_tool_name' });
      expect(answer.status).toBe(200);
      expect(answer.body.result).toBeUndefined();
      expect(answer.body.error).toEqual({
        code: -32602,
        message: 'Unknown tool: invalid_tool_name',
      });
    } finally {
      await server.close();
    }
  });
});
