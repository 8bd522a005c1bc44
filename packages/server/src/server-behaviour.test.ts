import * as core from '@apcore-mcp/core';
import { MCP_ELICIT_KEY, MCP_PROGRESS_KEY } from '@apcore-mcp/core/bridge';
import * as runtime from '@apcore-mcp/runtime';
import { firstText } from '@apcore-mcp/test-support';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFixtureRuntime, observedSignals } from '../test/fixtures/fixture-modules.mjs';
import { connectInMemory, type InMemoryConnection } from './__fixtures__/in-memory.js';

describe('the server over the core runtime', () => {
  let connection: InMemoryConnection | undefined;
  afterEach(async () => {
    await connection?.close();
    connection = undefined;
  });

  it('serves documentation as docs:// resources and refuses unknown URIs', async () => {
    connection = await connectInMemory(createFixtureRuntime(core).executor);
    const { resources } = await connection.client.listResources();
    expect(resources).toEqual([
      {
        uri: 'docs://math.add',
        name: 'math.add',
        title: 'Add numbers',
        description: 'Adds two integers.',
        mimeType: 'text/markdown',
      },
    ]);
    const read = await connection.client.readResource({ uri: 'docs://math.add' });
    expect(read.contents).toEqual([
      {
        uri: 'docs://math.add',
        mimeType: 'text/markdown',
        text: '# math.add\n\nAdds `a` and `b`.',
      },
    ]);
    for (const uri of ['docs://text.echo', 'docs://nope', 'file:///etc/passwd']) {
      // A 2025-11-25 client: that revision's code, -32002.
      await expect(connection.client.readResource({ uri })).rejects.toMatchObject({
        code: -32002,
        message: `MCP error -32002: Resource not found: ${uri}`,
        data: { uri },
      });
    }
  });

  it('aborts the module signal when the client cancels the call', async () => {
    observedSignals.length = 0;
    connection = await connectInMemory(createFixtureRuntime(core).executor);
    const controller = new AbortController();
    const call = connection.client.callTool({ name: 'wait-forever', arguments: {} }, undefined, {
      signal: controller.signal,
    });
    await vi.waitFor(() => expect(observedSignals).toHaveLength(1));
    expect(observedSignals[0]?.aborted).toBe(false);
    controller.abort('user pressed stop');
    await expect(call).rejects.toThrow();
    await vi.waitFor(() => expect(observedSignals[0]?.aborted).toBe(true));
    await vi.waitFor(() => expect(connection?.runtime.router.activeCalls).toBe(0));
  });

  it('validates inputs before the executor when validateInputs is on', async () => {
    const { executor } = createFixtureRuntime(core);
    const call = vi.spyOn(executor, 'call');
    connection = await connectInMemory(executor, { validateInputs: true });
    const result = await connection.client.callTool({ name: 'math-add', arguments: { a: 'x' } });
    expect(result.isError).toBe(true);
    const [header, ...lines] = firstText(result).split('\n');
    expect(header).toBe('Input validation failed:');
    expect(lines.sort()).toEqual(['- a: must be integer (type)', '- b: is required (required)']);
    expect(call).not.toHaveBeenCalled();
    const ok = await connection.client.callTool({ name: 'math-add', arguments: { a: 1, b: 2 } });
    expect(firstText(ok)).toBe('{"sum":3}');
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('gives our executor a context with the MCP senders, the identity and a signal', async () => {
    const registry = new runtime.Registry();
    const seen: core.ModuleContext[] = [];
    registry.register(
      'context.peek',
      core.defineModule({
        description: 'Records its context.',
        inputSchema: { type: 'object', properties: {} },
        execute: (_inputs, context) => {
          seen.push(context);
          return {};
        },
      }),
    );
    connection = await connectInMemory(
      registry,
      { identity: { id: 'alice', roles: ['reader'] } },
      { elicitation: {} },
    );
    await connection.client.callTool({ name: 'context-peek', arguments: {} }, undefined, {
      onprogress: () => {},
    });
    await connection.client.callTool({ name: 'context-peek', arguments: {} });
    expect(seen).toHaveLength(2);
    expect(seen[0]?.identity).toEqual({ id: 'alice', roles: ['reader'] });
    expect(seen[0]?.signal).toBeInstanceOf(AbortSignal);
    expect(typeof seen[0]?.data[MCP_PROGRESS_KEY]).toBe('function');
    expect(typeof seen[0]?.data[MCP_ELICIT_KEY]).toBe('function');
    // Without a progressToken there is nobody to report progress to.
    expect(seen[1]?.data[MCP_PROGRESS_KEY]).toBeUndefined();
  });

  it('starts with zero tools and a warning for an empty registry', async () => {
    connection = await connectInMemory(new runtime.Registry());
    expect((await connection.client.listTools()).tools).toEqual([]);
    expect(connection.logger.messages('warn')).toContain(
      'No modules registered; server starting with zero tools',
    );
  });

  it('serves only the modules matching tags and prefix; others are unknown tools', async () => {
    connection = await connectInMemory(createFixtureRuntime(core).executor, {
      tags: ['public'],
      prefix: 'math.',
    });
    expect((await connection.client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'math-add',
    ]);
    await expect(
      connection.client.callTool({ name: 'text-echo', arguments: {} }),
    ).rejects.toMatchObject({ code: -32602, message: 'MCP error -32602: Unknown tool: text-echo' });
  });

  it('logs a call at debug, and a failed one once at error with its stack when unexpected', async () => {
    connection = await connectInMemory(createFixtureRuntime(core).executor);
    await connection.client.callTool({ name: 'math-add', arguments: { a: 1, b: 1 } });
    await connection.client.callTool({ name: 'boom-fail', arguments: {} });
    const calls = connection.logger.entries.filter((entry) =>
      entry.message?.startsWith('Tool call'),
    );
    expect(calls.map(({ level, message }) => ({ level, message }))).toEqual([
      { level: 'debug', message: 'Tool call' },
      { level: 'error', message: 'Tool call failed' },
    ]);
    expect(calls[0]?.object).toEqual({ tool: 'math-add', durationMs: expect.any(Number) });
    const fields = calls[1]?.object as Record<string, unknown> & { err?: Error };
    expect(fields).toMatchObject({ tool: 'boom-fail', errorCode: 'INTERNAL_ERROR' });
    expect(fields.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(fields.err).toBeInstanceOf(Error);
    expect(String(fields.err?.stack)).toContain('disk full');
    expect(connection.logger.at('error')).toHaveLength(1);
  });

  it('answers tools/call for unknown methods with the SDK error, not a crash', async () => {
    connection = await connectInMemory(createFixtureRuntime(core).executor);
    await expect(connection.client.listPrompts()).rejects.toMatchObject({
      code: ErrorCode.MethodNotFound,
    });
  });
});
