import * as core from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import type { ClientEra } from '@apcore-mcp/test-support/clients';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { registerAskingModules } from '../fixtures/asking-modules.mjs';
import { connectAskingClient, type Declared } from '../helpers/asking-clients.js';
import { postModern, postToolCall } from '../helpers/modern-raw.js';

const ERAS: ClientEra[] = ['2025-11-25', '2026-07-28'];
const servers: ServerHandle[] = [];

afterEach(async () => {
  await Promise.allSettled(servers.splice(0).map((server) => server.close()));
});

async function start() {
  const registry = new Registry();
  const probe = registerAskingModules(core, registry);
  const logger = createRecordingLogger();
  const server = await startServer(registry, { transport: 'streamable-http', port: 0, logger });
  servers.push(server);
  return { url: server.url ?? '', probe, logger };
}

async function callWith(era: ClientEra, url: string, tool: string, declared?: Declared) {
  const client = await connectAskingClient(era, { transport: 'http', url }, declared);
  try {
    const result = await client.callTool(tool);
    return { result, output: JSON.parse(firstText(result)) as unknown, asked: client.asked };
  } finally {
    await client.close();
  }
}

describe.each(ERAS)('a module asking its client over Streamable HTTP (%s)', (era) => {
  it('asks a named question and gets its answer', async () => {
    const { url, probe } = await start();
    const { output, asked } = await callWith(era, url, 'ask-greet');
    expect(output).toEqual({ greeting: 'Hello, Ada!' });
    expect(asked).toEqual(['elicitation/create: What is your name?']);
    expect(probe.completed['ask.greet']).toBe(1);
  });

  it('asks a form, the model and the roots at once, and gets every answer', async () => {
    const { url, probe } = await start();
    const { output, asked } = await callWith(era, url, 'ask-all');
    expect(output).toEqual({
      name: 'Ada',
      greeting: 'echo: Generate a greeting',
      roots: ['file:///work/project'],
    });
    expect([...asked].sort()).toEqual([
      'elicitation/create: What is your name?',
      'roots/list',
      'sampling/createMessage',
    ]);
    expect(probe.completed['ask.all']).toBe(1);
  });

  it('answers two elicit() in flight at once, in one round', async () => {
    const { url } = await start();
    const { output, asked } = await callWith(era, url, 'ask-two_forms');
    expect(output).toEqual({ folder: 'docs', file: 'a.txt' });
    expect([...asked].sort()).toEqual([
      'elicitation/create: Which file?',
      'elicitation/create: Which folder?',
    ]);
  });

  it("samples the client's model and lists its roots", async () => {
    const { url } = await start();
    expect((await callWith(era, url, 'ask-sample')).output).toEqual({
      text: 'echo: What is the capital of France?',
      model: 'test-model',
    });
    expect((await callWith(era, url, 'ask-roots')).output).toEqual({
      roots: ['file:///work/project'],
    });
  });

  it('gives null for what a client without the capabilities cannot answer, asking nothing', async () => {
    const { url } = await start();
    const none: Declared = {};
    expect((await callWith(era, url, 'ask-sample', none)).output).toEqual({
      text: null,
      model: null,
    });
    const all = await callWith(era, url, 'ask-all', { elicitation: true });
    expect(all.output).toEqual({ name: 'Ada', greeting: null, roots: null });
    expect(all.asked).toEqual(['elicitation/create: What is your name?']);
  });
});

/** The modules that cannot work without a capability, by the capability they require. */
const REQUIRING: Array<[string, string]> = [
  ['sampling', 'ask-sample_required'],
  ['roots', 'ask-roots_required'],
];

describe.each(REQUIRING)(
  'a module that requires %s, which the client lacks',
  (capability, tool) => {
    const moduleId = tool.replace('-', '.');

    it('fails the 2026-07-28 call with -32021 and the missing capability, and keeps serving', async () => {
      const { url, probe } = await start();
      const client = await connectAskingClient('2026-07-28', { transport: 'http', url }, {});
      try {
        await expect(client.callTool(tool)).rejects.toMatchObject({ code: -32021 });
        expect(JSON.parse(firstText(await client.callTool('ask-greet')))).toEqual({
          greeting: 'Hello, stranger!',
        });
      } finally {
        await client.close();
      }
      const raw = await postModern(
        url,
        'tools/call',
        { name: tool, arguments: {} },
        { elicitation: false },
      );
      expect(raw.status).toBe(400);
      expect(raw.body.error).toMatchObject({
        code: -32021,
        data: { requiredCapabilities: { [capability]: {} } },
      });
      expect(probe.completed[moduleId]).toBeUndefined();
    });

    it('fails the 2025-11-25 call with a tool error naming the capability, and keeps serving', async () => {
      const { url, probe } = await start();
      const client = await connectAskingClient('2025-11-25', { transport: 'http', url }, {});
      try {
        const result = await client.callTool(tool);
        expect(result).toMatchObject({
          isError: true,
          _meta: { 'apcore/errorCode': 'CLIENT_CAPABILITY_REQUIRED' },
        });
        expect(firstText(result)).toBe(
          `This tool needs a client that supports ${capability}, and this client does not declare it. Use a client that does.`,
        );
        expect(JSON.parse(firstText(await client.callTool('ask-greet')))).toEqual({
          greeting: 'Hello, stranger!',
        });
      } finally {
        await client.close();
      }
      expect(probe.completed[moduleId]).toBeUndefined();
    });
  },
);

describe('the 2026-07-28 rounds of named questions, on the wire', () => {
  it('asks under the names the module gave, and runs the module once per answered round', async () => {
    const { url, probe } = await start();
    const asked = await postToolCall(url, { name: 'ask-greet' });
    expect(asked.body.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: { user_name: { method: 'elicitation/create' } },
    });
    const retry = {
      name: 'ask-greet',
      inputResponses: { user_name: { action: 'accept', content: { name: 'Alice' } } },
      requestState: String(asked.body.result?.requestState),
    };
    const answered = await postToolCall(url, retry);
    expect(JSON.stringify(answered.body.result)).toContain('Hello, Alice!');
    const replayed = await postToolCall(url, retry);
    expect(replayed.body.result).toMatchObject({ resultType: 'input_required' });
    expect(probe.completed['ask.greet']).toBe(1);
  });

  it('asks every question of ask() in one round, each under its key', async () => {
    const { url } = await start();
    const asked = await postModern(
      url,
      'tools/call',
      { name: 'ask-all', arguments: {} },
      { capabilities: { elicitation: {}, sampling: {}, roots: {} } },
    );
    expect(Object.keys(asked.body.result?.inputRequests as object).sort()).toEqual([
      'client_roots',
      'greeting',
      'user_name',
    ]);
  });

  it('completes a call whose answers came before the question, ignoring extra ones', async () => {
    const { url } = await start();
    const answered = await postToolCall(url, {
      name: 'ask-greet',
      inputResponses: {
        user_name: { action: 'accept', content: { name: 'Alice' } },
        unknown_extra_key: { action: 'accept', content: { foo: 'bar' } },
      },
    });
    expect(JSON.stringify(answered.body.result)).toContain('Hello, Alice!');
  });
});
