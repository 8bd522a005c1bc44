import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { createMetricsRegistry } from '../../../test/helpers/metrics-fixture.js';
import { createMcpServer } from '../../lifecycle/create-mcp-server.js';
import type { LedgerRecord, LedgerStore } from './ledger-record.js';

function memoryStore() {
  const records: LedgerRecord[] = [];
  let closed!: () => void;
  const closedOnce = new Promise<void>((resolve) => {
    closed = resolve;
  });
  const store: LedgerStore = {
    append: (record) => void records.push(record),
    close: async () => closed(),
  };
  return { store, records, closed: closedOnce };
}

describe('a ledger on createMcpServer', () => {
  it('records the calls of the connection and is closed with the server', async () => {
    const { store, records, closed } = memoryStore();
    const server = await createMcpServer(createMetricsRegistry(), {
      ledger: store,
      identity: { id: 'desktop-user' },
    });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await server.connect(serverTransport);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(clientTransport);
    await client.callTool({ name: 'math-add', arguments: { a: 1, b: 2 } });
    await client.close();
    await closed;
    expect(records).toMatchObject([
      { subject: 'desktop-user', tool: 'math-add', moduleId: 'math.add', outcome: 'ok' },
    ]);
  });
});
