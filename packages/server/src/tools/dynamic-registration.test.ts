import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  describeModule,
  ForeignExecutor,
  ForeignRegistry,
} from '../__fixtures__/foreign-runtime.js';
import {
  connectClient,
  connectInMemory,
  type InMemoryConnection,
} from '../__fixtures__/in-memory.js';

function createRuntime() {
  const registry = new ForeignRegistry();
  registry.add(describeModule('a.first'));
  const executor = new ForeignExecutor(registry, {
    'a.first': () => ({ n: 1 }),
    'a.second': () => ({ n: 2 }),
    'b.other': () => ({ n: 3 }),
  });
  return { registry, executor };
}

/** Resolves on the next tools/list_changed the client receives. */
function nextListChanged(connection: { client: InMemoryConnection['client'] }): Promise<void> {
  return new Promise((resolve) => {
    connection.client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve());
  });
}

describe('dynamic registration', () => {
  let connection: InMemoryConnection | undefined;
  afterEach(async () => {
    await connection?.close();
    connection = undefined;
  });

  it('adds a registered module and notifies every session', async () => {
    const { registry, executor } = createRuntime();
    connection = await connectInMemory(executor, { dynamic: true });
    const second = await connectClient(connection.runtime);
    const firstNotified = nextListChanged(connection);
    const secondNotified = nextListChanged({ client: second });
    registry.add(describeModule('a.second'));
    await Promise.all([firstNotified, secondNotified]);
    const { tools } = await connection.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['a-first', 'a-second']);
    const result = await second.callTool({ name: 'a-second', arguments: {} });
    expect(result.isError).toBeFalsy();
    await second.close();
  });

  it('removes an unregistered module; calling it is the protocol error Unknown tool', async () => {
    const { registry, executor } = createRuntime();
    connection = await connectInMemory(executor, { dynamic: true });
    const notified = nextListChanged(connection);
    registry.remove('a.first');
    await notified;
    expect((await connection.client.listTools()).tools).toEqual([]);
    await expect(
      connection.client.callTool({ name: 'a-first', arguments: {} }),
    ).rejects.toMatchObject({ code: -32602, message: 'MCP error -32602: Unknown tool: a-first' });
    expect(executor.calls).toEqual([]);
  });

  it('logs and skips a new module whose schema cannot be converted', async () => {
    const { registry, executor } = createRuntime();
    connection = await connectInMemory(executor, { dynamic: true });
    registry.add(describeModule('a.broken', { inputSchema: { $ref: '#/$defs/Missing' } }));
    expect((await connection.client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'a-first',
    ]);
    const [warning] = connection.logger.warnings();
    expect(warning).toMatch(/^Skipping module a\.broken: /);
  });

  it('applies the prefix filter to modules registered later', async () => {
    const { registry, executor } = createRuntime();
    connection = await connectInMemory(executor, { dynamic: true, prefix: 'a.' });
    registry.add(describeModule('b.other'));
    registry.add(describeModule('a.second'));
    expect((await connection.client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'a-first',
      'a-second',
    ]);
  });

  it('ignores registry events unless dynamic is on', async () => {
    const { registry, executor } = createRuntime();
    connection = await connectInMemory(executor);
    registry.add(describeModule('a.second'));
    expect((await connection.client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'a-first',
    ]);
    expect(connection.client.getServerCapabilities()?.tools?.listChanged).toBe(false);
  });
});
