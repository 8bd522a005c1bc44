import type { ContextRequest } from '@apcore-mcp/core/bridge';
import { MCP_PROGRESS_KEY } from '@apcore-mcp/core/bridge';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  describeModule,
  ForeignExecutor,
  ForeignRegistry,
} from '../__fixtures__/foreign-runtime.js';
import { connectInMemory, type InMemoryConnection } from '../__fixtures__/in-memory.js';

function createForeignRuntime() {
  const registry = new ForeignRegistry();
  registry.add(
    describeModule('greet.hello', {
      name: 'Say hello',
      inputSchema: {
        type: 'object',
        properties: { person: { $ref: '#/$defs/Person' } },
        required: ['person'],
        $defs: { Person: { type: 'object', properties: { name: { type: 'string' } } } },
      },
      annotations: {
        readonly: true,
        destructive: false,
        idempotent: true,
        requiresApproval: false,
        openWorld: false,
        streaming: false,
      },
    }),
  );
  registry.add(
    describeModule('vault.purge', {
      description: 'Purges the vault.',
      inputSchema: { type: 'object', properties: { confirm: { type: 'boolean' } } },
      annotations: {
        readonly: false,
        destructive: true,
        idempotent: false,
        requiresApproval: true,
        openWorld: false,
        streaming: false,
      },
    }),
  );
  const executor = new ForeignExecutor(registry, {
    'vault.purge': () => ({ purged: true }),
    'greet.hello': (inputs) => ({
      greeting: `Hello ${(inputs.person as { name: string }).name}`,
      at: new Date(0),
    }),
  });
  return { registry, executor };
}

describe('a foreign (apcore-js shaped) executor', () => {
  let connection: InMemoryConnection | undefined;
  afterEach(async () => {
    await connection?.close();
    connection = undefined;
  });

  it('serves its modules and runs calls with no context of ours', async () => {
    const { executor } = createForeignRuntime();
    connection = await connectInMemory(executor);
    const result = await connection.client.callTool({
      name: 'greet-hello',
      arguments: { person: { name: 'Ada' } },
    });
    expect(result.isError).toBeFalsy();
    expect(JSON.parse((result.content as [{ text: string }])[0].text)).toEqual({
      greeting: 'Hello Ada',
      at: '1970-01-01T00:00:00.000Z',
    });
    expect(executor.calls).toEqual([
      { moduleId: 'greet.hello', inputs: { person: { name: 'Ada' } }, context: undefined },
    ]);
  });

  it('keeps the schema converted before the executor rewrote it in place', async () => {
    const { executor, registry } = createForeignRuntime();
    connection = await connectInMemory(executor);
    await connection.client.callTool({ name: 'greet-hello', arguments: { person: { name: 'A' } } });
    expect(registry.descriptors.get('greet.hello')?.inputSchema.$defs).toBeUndefined();
    const { tools } = await connection.client.listTools();
    expect(tools[0]?.inputSchema).toEqual({
      type: 'object',
      properties: { person: { type: 'object', properties: { name: { type: 'string' } } } },
      required: ['person'],
    });
    expect(tools[0]?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
  });

  it('uses a contextFactory when given one, passing data, signal and identity', async () => {
    const { executor } = createForeignRuntime();
    const requests: ContextRequest[] = [];
    connection = await connectInMemory(executor, {
      identity: { id: 'alice', roles: ['admin'] },
      contextFactory: {
        createContext: (request) => {
          requests.push(request);
          return { foreign: true, request };
        },
      },
    });
    await connection.client.callTool(
      { name: 'greet-hello', arguments: { person: { name: 'B' } } },
      undefined,
      { onprogress: () => {} },
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ moduleId: 'greet.hello', identity: { id: 'alice' } });
    expect(requests[0]?.signal).toBeInstanceOf(AbortSignal);
    expect(typeof requests[0]?.data?.[MCP_PROGRESS_KEY]).toBe('function');
    expect(executor.calls[0]?.context).toMatchObject({ foreign: true });
  });

  it('writes Set, Map, bytes and Error outputs as the OpenAI dispatch does', async () => {
    const registry = new ForeignRegistry();
    registry.add(describeModule('rich.output'));
    const executor = new ForeignExecutor(registry, {
      'rich.output': () => ({
        set: new Set([1, 2]),
        map: new Map([['a', 1]]),
        bytes: Uint8Array.of(1, 2, 3),
        error: new Error('disk full'),
      }),
    });
    connection = await connectInMemory(executor);
    const result = await connection.client.callTool({ name: 'rich-output', arguments: {} });
    // The same text as an OpenAI tool message (see the openai package's dispatch tests).
    expect((result.content as [{ text: string }])[0].text).toBe(
      '{"set":[1,2],"map":{"a":1},"bytes":"AQID","error":{"name":"Error","message":"disk full"}}',
    );
  });

  it('refuses unknown tools with the protocol error -32602 without reaching the executor', async () => {
    const { executor } = createForeignRuntime();
    connection = await connectInMemory(executor);
    await expect(
      connection.client.callTool({ name: 'nope-missing', arguments: {} }),
    ).rejects.toMatchObject({
      code: -32602,
      message: 'MCP error -32602: Unknown tool: nope-missing',
    });
    expect(executor.calls).toEqual([]);
  });

  it('asks approval itself before calling an executor that does not ask', async () => {
    const { executor } = createForeignRuntime();
    connection = await connectInMemory(executor, {}, { elicitation: {} });
    const questions: string[] = [];
    connection.client.setRequestHandler(ElicitRequestSchema, (request) => {
      questions.push(request.params.message);
      return { action: questions.length === 1 ? 'decline' : 'accept', content: { confirm: true } };
    });
    const denied = await connection.client.callTool({ name: 'vault-purge', arguments: {} });
    expect(denied).toMatchObject({
      isError: true,
      content: [{ text: 'Approval denied' }, { type: 'text' /* the AI guidance appendix */ }],
    });
    expect(executor.calls).toEqual([]);
    const approved = await connection.client.callTool({ name: 'vault-purge', arguments: {} });
    expect(approved.isError).toBeFalsy();
    expect(executor.calls.map((call) => call.moduleId)).toEqual(['vault.purge']);
    expect(questions[0]).toContain('Purges the vault.');
  });

  it('checks the arguments before asking: nobody approves a call that cannot run', async () => {
    const { executor } = createForeignRuntime();
    connection = await connectInMemory(executor, {}, { elicitation: {} });
    const questions: string[] = [];
    connection.client.setRequestHandler(ElicitRequestSchema, (request) => {
      questions.push(request.params.message);
      return { action: 'accept', content: { confirm: true } };
    });
    const invalid = await connection.client.callTool({
      name: 'vault-purge',
      arguments: { confirm: 'yes' },
    });
    expect(invalid).toMatchObject({ isError: true });
    expect((invalid.content as [{ text: string }])[0].text).toMatch(
      /^Input validation failed:\n- confirm: must be boolean/,
    );
    expect(questions).toEqual([]);
    expect(executor.calls).toEqual([]);
  });

  it('refuses a module requiring approval when the client cannot be asked', async () => {
    const { executor } = createForeignRuntime();
    connection = await connectInMemory(executor);
    const result = await connection.client.callTool({ name: 'vault-purge', arguments: {} });
    expect(result).toMatchObject({
      isError: true,
      _meta: { 'apcore/errorCode': 'APPROVAL_REQUIRED' },
    });
    expect(executor.calls).toEqual([]);
  });

  it('rejects a value that is neither registry nor executor', async () => {
    await expect(connectInMemory({ call: 1 } as never)).rejects.toThrow(
      'Expected Registry or Executor instance, got Object',
    );
  });
});
