import { defineModule } from '@apcore-mcp/core';
import { Executor, Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { postToolCall } from '../helpers/modern-raw.js';

const SECRET_VALUE = 'hunter2-do-not-show';
const ARGS = { account: 'ops', password: SECRET_VALUE, options: { token: SECRET_VALUE } };

/** One module needing approval, whose password (and a nested token) are `x-sensitive`. */
function createVaultExecutor(): Executor {
  const registry = new Registry();
  registry.register(
    'vault.rotate',
    defineModule({
      description: 'Rotates an account password.',
      annotations: { requiresApproval: true, destructive: true },
      inputSchema: {
        type: 'object',
        properties: {
          account: { type: 'string' },
          password: { type: 'string', 'x-sensitive': true },
          options: { $ref: '#/$defs/Options' },
        },
        $defs: {
          Options: {
            type: 'object',
            properties: { token: { type: 'string', 'x-sensitive': true } },
          },
        },
      },
      execute: ({ account, password }) => ({ rotated: account, real: password === SECRET_VALUE }),
    }),
  );
  return new Executor(registry);
}

const servers: ServerHandle[] = [];
afterEach(async () => {
  await Promise.allSettled(servers.splice(0).map((server) => server.close()));
});

async function start(): Promise<string> {
  const server = await startServer(createVaultExecutor(), {
    transport: 'streamable-http',
    port: 0,
    logger: createRecordingLogger(),
  });
  servers.push(server);
  return server.url ?? '';
}

function expectMasked(message: string): void {
  expect(message).toContain('Approve running vault.rotate?');
  expect(message).toContain('"account": "ops"');
  expect(message).toContain('"password": "***REDACTED***"');
  expect(message).toContain('"token": "***REDACTED***"');
  expect(message).not.toContain(SECRET_VALUE);
}

describe('the approval question masks x-sensitive arguments', () => {
  it('in the input_required question of a 2026-07-28 call', async () => {
    const url = await start();
    const asked = await postToolCall(url, { name: 'vault-rotate', arguments: ARGS });
    const question = asked.body.result?.inputRequests as {
      approval: { params: { message: string } };
    };
    expectMasked(question.approval.params.message);
  });

  it('in the elicitation/create request of a 2025-11-25 session', async () => {
    const url = await start();
    const client = new Client(
      { name: 'approver', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } } },
    );
    const messages: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      messages.push(String(request.params.message));
      return { action: 'accept', content: {} };
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      const result = await client.callTool({ name: 'vault-rotate', arguments: ARGS });
      // Masked in the question only: the module ran with the real values.
      expect(result.isError).not.toBe(true);
      expect(JSON.stringify(result.content)).toContain('\\"real\\":true');
      expect(messages).toHaveLength(1);
      expectMasked(messages[0] ?? '');
    } finally {
      await client.close();
    }
  });
});
