import { defineEventType, UnknownEventTypeError } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { attachToServer } from '../attach/attach-to-server.js';
import { createMcpHandler } from './create-mcp-handler.js';
import { startServer } from './start-server.js';

/** Each host's emit goes to the runtime's event hub, which refuses a type it does not serve. */
async function expectUnknown(emitted: Promise<unknown>): Promise<void> {
  const error = await emitted.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(UnknownEventTypeError.isInstance(error)).toBe(true);
}

const STOCK_LOW = defineEventType({ name: 'stock.low' });

describe("the hosts' emit", () => {
  it('is on startServer, createMcpHandler and attachToServer, each delegating to the hub slot', async () => {
    const logger = createRecordingLogger();
    const handle = await startServer(new Registry(), {
      transport: 'streamable-http',
      port: 0,
      logger,
      eventTypes: [STOCK_LOW],
    });
    const handler = await createMcpHandler(new Registry(), { logger, eventTypes: [STOCK_LOW] });
    const attached = await attachToServer(
      new McpServer({ name: 'host', version: '1.0.0' }),
      new Registry(),
      { logger, eventTypes: [STOCK_LOW] },
    );
    try {
      await expect(handle.emit('stock.low', { sku: 'a' })).resolves.toEqual({
        eventId: expect.stringMatching(/^evt_/),
      });
      await expect(handler.emit('stock.low', { sku: 'a' }, { eventId: 'low-a' })).resolves.toEqual({
        eventId: 'low-a',
      });
      await expect(
        attached.emit('stock.low', { sku: 'a' }, { audience: 'alice' }),
      ).resolves.toEqual({ eventId: expect.stringMatching(/^evt_/) });
      await expectUnknown(handle.emit('order.placed', {}));
      await expectUnknown(handler.emit('order.placed', {}));
      await expectUnknown(attached.emit('order.placed', {}));
    } finally {
      attached.detach();
      await handler.close();
      await handle.close();
    }
  });
});
