import { firstText } from '@apcore-mcp/test-support';
import type { ClientEra } from '@apcore-mcp/test-support/clients';
import { describe, expect, it } from 'vitest';
import { connectAskingClient, type Declared } from '../helpers/asking-clients.js';
import { spawnChildServer } from '../helpers/child-server.js';
import { modernEnvelope } from '../helpers/modern-raw.js';

const ERAS: ClientEra[] = ['2025-11-25', '2026-07-28'];

/** Spawns the asking fixture over stdio, calls `tools` in turn, and stops it. */
async function callOverStdio(era: ClientEra, tools: string[], declared?: Declared) {
  const client = await connectAskingClient(era, { transport: 'stdio' }, declared);
  try {
    const outputs: unknown[] = [];
    for (const tool of tools) outputs.push(JSON.parse(firstText(await client.callTool(tool))));
    return { outputs, asked: client.asked };
  } finally {
    await client.close();
  }
}

describe.each(ERAS)('a module asking its client over stdio (%s)', (era) => {
  it('asks named questions, several at once, two in flight, the model and the roots', async () => {
    const tools = ['ask-greet', 'ask-all', 'ask-two_forms', 'ask-sample', 'ask-roots'];
    const { outputs, asked } = await callOverStdio(era, tools);
    expect(outputs).toEqual([
      { greeting: 'Hello, Ada!' },
      { name: 'Ada', greeting: 'echo: Generate a greeting', roots: ['file:///work/project'] },
      { folder: 'docs', file: 'a.txt' },
      { text: 'echo: What is the capital of France?', model: 'test-model' },
      { roots: ['file:///work/project'] },
    ]);
    // Every question reached the client's own handler, in either revision.
    expect([...asked].sort()).toEqual(
      [
        'elicitation/create: What is your name?',
        'elicitation/create: What is your name?',
        'sampling/createMessage',
        'roots/list',
        'elicitation/create: Which folder?',
        'elicitation/create: Which file?',
        'sampling/createMessage',
        'roots/list',
      ].sort(),
    );
  });

  it('gives null to a module asking a client without the capability', async () => {
    const { outputs, asked } = await callOverStdio(era, ['ask-sample', 'ask-roots'], {});
    expect(outputs).toEqual([{ text: null, model: null }, { roots: null }]);
    expect(asked).toEqual([]);
  });

  it.each([
    ['ask-sample_required', 'sampling'],
    ['ask-roots_required', 'roots'],
  ])('fails the call of %s, which requires what the client lacks (%s)', async (tool, lacking) => {
    const client = await connectAskingClient(era, { transport: 'stdio' }, {});
    try {
      const call = client.callTool(tool);
      if (era === '2026-07-28') {
        await expect(call).rejects.toMatchObject({
          code: -32021,
          data: { requiredCapabilities: { [lacking]: {} } },
        });
      } else {
        const result = await call;
        expect(result).toMatchObject({
          isError: true,
          _meta: { 'apcore/errorCode': 'CLIENT_CAPABILITY_REQUIRED' },
        });
        expect(firstText(result)).toContain(`a client that supports ${lacking}`);
      }
      // The server keeps serving.
      expect(JSON.parse(firstText(await client.callTool('ask-greet')))).toEqual({
        greeting: 'Hello, stranger!',
      });
    } finally {
      await client.close();
    }
  });
});

describe('the 2026-07-28 rounds of named questions over stdio, on the wire', () => {
  it('asks every question of ask() in one round, each under the key the module gave', async () => {
    const server = spawnChildServer('asking-server.mjs');
    try {
      const capabilities = { elicitation: { form: {} }, sampling: {}, roots: {} };
      server.send({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'ask-all',
          arguments: {},
          _meta: modernEnvelope(undefined, true, capabilities),
        },
      });
      const answer = await server.waitForMessage((message) => message.id === 1);
      const result = answer.result as { resultType?: string; inputRequests?: object };
      expect(result.resultType).toBe('input_required');
      expect(Object.keys(result.inputRequests ?? {}).sort()).toEqual([
        'client_roots',
        'greeting',
        'user_name',
      ]);
    } finally {
      server.child.kill();
      await server.exited;
    }
  });
});
