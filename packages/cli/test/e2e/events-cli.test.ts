import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestSigner, findFreePort } from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXAMPLE_EXTENSIONS,
  expectOneErrorLine,
  httpServeArgs,
  runCli,
  SERVING_LINE,
  type ServerProcess,
  startCli,
} from '../helpers/cli-process.js';

const CUSTOMER = {
  name: 'Ada',
  email: 'ada@example.com',
  shippingAddress: { street: '1 Main St', city: 'Lyon', postalCode: '69001', country: 'FR' },
};

/** Places an order of `items` through the SDK's 2.x client; resolves to its order id. */
async function placeOrder(url: string, items: { sku: string; quantity: number }[]) {
  const client = await connectClient({ era: '2026-07-28', transport: 'http', url });
  try {
    const result = await client.callTool('orders-place_order', { customer: CUSTOMER, items });
    expect(result.isError).toBe(false);
    return (result.structuredContent as { orderId: string }).orderId;
  } finally {
    await client.close();
  }
}

/** The JSON lines a watch prints, and a bounded wait for the next one a predicate takes. */
function stdoutLines(watch: ServerProcess) {
  const lines: Record<string, unknown>[] = [];
  let buffer = '';
  const wake = new Set<() => void>();
  watch.child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let end = buffer.indexOf('\n');
    while (end !== -1) {
      lines.push(JSON.parse(buffer.slice(0, end)) as Record<string, unknown>);
      buffer = buffer.slice(end + 1);
      end = buffer.indexOf('\n');
    }
    for (const check of [...wake]) check();
  });
  let read = 0;
  return (take: (line: Record<string, unknown>) => boolean) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const check = () => {
        while (read < lines.length) {
          const line = lines[read++] as Record<string, unknown>;
          if (take(line)) {
            done();
            return resolve(line);
          }
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no matching line; stderr:\n${watch.stderr()}`));
      }, 20_000);
      const done = () => {
        clearTimeout(timer);
        wake.delete(check);
      };
      wake.add(check);
      check();
    });
}

describe('apcore-mcp events list', () => {
  it('lists the example event types with their delivery modes, offline', async () => {
    const result = await runCli(['events', 'list', '--extensions-dir', EXAMPLE_EXTENSIONS]);
    expect(result.code).toBe(0);
    const rows = result.stdout.trimEnd().split('\n');
    expect(rows[0]).toMatch(/^NAME\s+DELIVERY\s+DESCRIPTION$/);
    expect(rows[1]).toMatch(/^order\.placed\s+poll, push, webhook\s+An order was placed/);
    expect(rows[2]).toMatch(/^stock\.low\s+poll, push, webhook\s+A product's stock fell/);
    expect(result.stderr).toBe('2 event types\n');
  });

  it('prints the types and their schemas with --json', async () => {
    const result = await runCli([
      'events',
      'list',
      '--json',
      '--extensions-dir',
      EXAMPLE_EXTENSIONS,
    ]);
    expect(result.code).toBe(0);
    const { events, skipped } = JSON.parse(result.stdout) as {
      events: { name: string; inputSchema: unknown; payloadSchema: unknown }[];
      skipped: unknown[];
    };
    expect(skipped).toEqual([]);
    expect(events.find((type) => type.name === 'stock.low')).toMatchObject({
      delivery: ['poll', 'push', 'webhook'],
      inputSchema: { properties: { sku: { type: 'string' } } },
      payloadSchema: { required: ['sku', 'onHand', 'threshold'] },
    });
  });
});

describe('apcore-mcp events watch against a served extensions directory', () => {
  let port: number;
  let server: ServerProcess;
  let url: string;
  let plainDir: string;

  const serve = async () => {
    server = startCli(httpServeArgs(EXAMPLE_EXTENSIONS, port));
    [, , url = ''] = await server.waitForStderr(SERVING_LINE);
  };
  const watch = (...args: string[]) => startCli(['events', 'watch', ...args, '--url', url]);

  beforeAll(async () => {
    port = await findFreePort();
    await serve();
    plainDir = await mkdtemp(join(tmpdir(), 'apcore-mcp-no-events-'));
    await writeFile(
      join(plainDir, 'ping.js'),
      "export default { description: 'Ping', inputSchema: { type: 'object' }, execute: () => ({ pong: true }) };\n",
    );
  });
  afterAll(async () => {
    await server?.stop();
    await rm(plainDir, { recursive: true, force: true });
  });

  it('streams each occurrence as a JSON line, resumes after the server restarts, and exits 0 on SIGINT', async () => {
    const watcher = watch('order.placed');
    const next = stdoutLines(watcher);
    await watcher.waitForStderr(/watching order\.placed \(push\)/);
    const first = await placeOrder(url, [{ sku: 'TEA-011', quantity: 1 }]);
    expect(await next(() => true)).toMatchObject({
      eventId: first,
      name: 'order.placed',
      data: { orderId: first, totalCents: 1590 },
      cursor: expect.any(String),
    });
    // The server goes away and comes back on the same address: the watch reconnects by itself.
    expect(await server.stop()).toBe(0);
    await watcher.waitForStderr(/connection lost/);
    await serve();
    await watcher.waitForStderr(/resumed order\.placed/);
    const second = await placeOrder(url, [{ sku: 'MUG-001', quantity: 2 }]);
    expect(await next(() => true)).toMatchObject({ eventId: second, data: { orderId: second } });
    expect(await watcher.stop('SIGINT')).toBe(0);
  });

  it('polls with --poll, the subscription arguments selecting occurrences, and exits 0 on SIGTERM', async () => {
    const watcher = watch('stock.low', '--poll', '--arguments', '{"sku": "LMP-100"}');
    const next = stdoutLines(watcher);
    await watcher.waitForStderr(/watching stock\.low \(poll\)/);
    // The mugs stay well stocked; seven lamps less three is under five.
    await placeOrder(url, [
      { sku: 'MUG-001', quantity: 1 },
      { sku: 'LMP-100', quantity: 3 },
    ]);
    expect(await next(() => true)).toMatchObject({
      name: 'stock.low',
      data: { sku: 'LMP-100', onHand: 4, threshold: 5 },
    });
    expect(await watcher.stop('SIGTERM')).toBe(0);
  });

  it('exits 1 with one line for an unknown type, bad arguments, an unreachable server or a URL that is not MCP', async () => {
    const unknown = await runCli(['events', 'watch', 'stock.lo', '--url', url]);
    expectOneErrorLine(unknown, /^Error: the server has no event type stock\.lo/);
    const refused = await runCli([
      'events',
      'watch',
      'stock.low',
      '--arguments',
      '{"size": 1}',
      '--url',
      url,
    ]);
    expectOneErrorLine(refused, /^Error: the server refused the subscription: .*size/);
    const notJson = await runCli([
      'events',
      'watch',
      'stock.low',
      '--arguments',
      '{sku}',
      '--url',
      url,
    ]);
    expectOneErrorLine(notJson, /^Error: --arguments is not valid JSON/);
    const notObject = await runCli([
      'events',
      'watch',
      'stock.low',
      '--arguments',
      '[]',
      '--url',
      url,
    ]);
    expectOneErrorLine(notObject, /^Error: --arguments must be a JSON object/);
    const gone = await runCli([
      'events',
      'watch',
      'stock.low',
      '--url',
      `http://127.0.0.1:${await findFreePort()}/mcp`,
    ]);
    expectOneErrorLine(gone, /^Error: cannot reach http:\/\/127\.0\.0\.1:\d+\/mcp: ECONNREFUSED$/);
    const notMcp = await runCli([
      'events',
      'watch',
      'stock.low',
      '--url',
      new URL('/nope', url).href,
    ]);
    expectOneErrorLine(notMcp, /^Error: cannot reach .*\/nope: HTTP 404 without a JSON-RPC answer/);
  });

  it('exits 1 with one line against a server that serves no events', async () => {
    const plain = startCli(httpServeArgs(plainDir, await findFreePort()));
    try {
      const [, , plainUrl = ''] = await plain.waitForStderr(SERVING_LINE);
      const result = await runCli(['events', 'watch', 'stock.low', '--poll', '--url', plainUrl]);
      expectOneErrorLine(result, /^Error: the server serves no events/);
    } finally {
      await plain.stop();
    }
  });
});

describe('apcore-mcp events watch against a server that authenticates its callers', () => {
  const audience = 'https://shop.example.com/mcp';
  let dir: string;
  let server: ServerProcess;
  let url: string;
  let token: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-watch-auth-'));
    const signer = await createTestSigner('ES256', 'watch-key');
    await writeFile(join(dir, 'jwks.json'), JSON.stringify(signer.jwks));
    token = await signer.sign({ sub: 'agent', aud: audience });
    server = startCli(
      httpServeArgs(EXAMPLE_EXTENSIONS, await findFreePort(), [
        '--auth-jwks-file',
        join(dir, 'jwks.json'),
        '--auth-audience',
        audience,
      ]),
    );
    [, , url = ''] = await server.waitForStderr(SERVING_LINE);
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('exits 1 without a token, and follows the type with --token', async () => {
    const refused = await runCli(['events', 'watch', 'order.placed', '--url', url]);
    expectOneErrorLine(
      refused,
      /^Error: the server refused the request \(HTTP 401\): give a valid --token$/,
    );
    const watcher = startCli(['events', 'watch', 'order.placed', '--token', token, '--url', url]);
    await watcher.waitForStderr(/watching order\.placed \(push\)/);
    expect(await watcher.stop('SIGINT')).toBe(0);
  });
});
