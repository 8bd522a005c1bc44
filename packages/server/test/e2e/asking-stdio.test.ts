import { firstText } from '@apcore-mcp/test-support';
import type { ClientEra } from '@apcore-mcp/test-support/clients';
import { describe, expect, it } from 'vitest';
import { connectAskingClient, type Declared } from '../helpers/asking-clients.js';

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
    const { outputs } = await callOverStdio(era, tools);
    expect(outputs).toEqual([
      { greeting: 'Hello, Ada!' },
      { name: 'Ada', greeting: 'echo: Generate a greeting', roots: ['file:///work/project'] },
      { folder: 'docs', file: 'a.txt' },
      { text: 'echo: What is the capital of France?', model: 'test-model' },
      { roots: ['file:///work/project'] },
    ]);
  });

  it('gives null to a module asking a client without the capability', async () => {
    const { outputs, asked } = await callOverStdio(era, ['ask-sample', 'ask-roots'], {});
    expect(outputs).toEqual([{ text: null, model: null }, { roots: null }]);
    expect(asked).toEqual([]);
  });

  it('fails the call of a module that requires what the client lacks', async () => {
    const client = await connectAskingClient(era, { transport: 'stdio' }, {});
    try {
      const call = client.callTool('ask-sample_required');
      if (era === '2026-07-28') {
        await expect(call).rejects.toMatchObject({ code: -32021 });
      } else {
        await expect(call).resolves.toMatchObject({
          isError: true,
          _meta: { 'apcore/errorCode': 'CLIENT_CAPABILITY_REQUIRED' },
        });
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
