import { EventsNotServedError } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { attachToServer } from '../attach/attach-to-server.js';
import { createMcpHandler } from './create-mcp-handler.js';
import { startServer } from './start-server.js';

/** Each host's emit goes to the runtime's event hub: refused while none is attached. */
async function expectNotServed(emitted: Promise<unknown>): Promise<void> {
  const error = await emitted.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(EventsNotServedError.isInstance(error)).toBe(true);
}

describe("the hosts' emit", () => {
  it('is on startServer, createMcpHandler and attachToServer, each delegating to the hub slot', async () => {
    const logger = createRecordingLogger();
    const handle = await startServer(new Registry(), {
      transport: 'streamable-http',
      port: 0,
      logger,
    });
    const handler = await createMcpHandler(new Registry(), { logger });
    const attached = await attachToServer(
      new McpServer({ name: 'host', version: '1.0.0' }),
      new Registry(),
      { logger },
    );
    try {
      await expectNotServed(handle.emit('stock.low', { sku: 'a' }));
      await expectNotServed(handler.emit('stock.low', { sku: 'a' }, { eventId: 'low-a' }));
      await expectNotServed(attached.emit('stock.low', { sku: 'a' }, { audience: 'alice' }));
    } finally {
      attached.detach();
      await handler.close();
      await handle.close();
    }
  });
});
