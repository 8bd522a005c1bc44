import { describe, expect, it } from 'vitest';
import { CONSUME_SCRIPT } from './consume-script.js';
import { createRedisLimitStore, type RedisScriptClient } from './create-redis-limit-store.js';

interface Sent {
  readonly command: 'evalsha' | 'eval';
  readonly first: string;
  readonly numkeys: number;
  readonly args: (string | number)[];
}

/** A client answering every script with `reply`, recording what it was sent. */
function fakeClient(reply: unknown, options: { knowsScript?: boolean; fails?: Error } = {}) {
  const sent: Sent[] = [];
  const client: RedisScriptClient = {
    async evalsha(first, numkeys, ...args) {
      sent.push({ command: 'evalsha', first, numkeys, args });
      if (options.fails !== undefined) throw options.fails;
      if (options.knowsScript === false) throw new Error('NOSCRIPT No matching script.');
      return reply;
    },
    async eval(first, numkeys, ...args) {
      sent.push({ command: 'eval', first, numkeys, args });
      return reply;
    },
  };
  return { client, sent };
}

const calls = { key: '{alice}:calls:minute:0', amount: 1, limit: 60, expiresAt: 60_000 };
const budget = { key: '{alice}:budget:day:0', amount: 0.5, limit: 10, expiresAt: 86_400_000 };

describe('createRedisLimitStore with a client', () => {
  it('sends the prefixed keys, then amount, limit and expiry of each counter', async () => {
    const { client, sent } = fakeClient([0]);
    const store = await createRedisLimitStore(client, { keyPrefix: 'shop:' });
    expect(await store.consume([calls, budget], 0)).toEqual({ admitted: true });
    expect(sent).toEqual([
      {
        command: 'evalsha',
        first: expect.stringMatching(/^[0-9a-f]{40}$/),
        numkeys: 2,
        args: [
          'shop:{alice}:calls:minute:0',
          'shop:{alice}:budget:day:0',
          '1',
          '60',
          '60000',
          '0.5',
          '10',
          '86400000',
        ],
      },
    ]);
  });

  it('prefixes keys with apcore-mcp:limits: by default', async () => {
    const { client, sent } = fakeClient([0]);
    await (await createRedisLimitStore(client)).consume([calls], 0);
    expect(sent[0]?.args[0]).toBe('apcore-mcp:limits:{alice}:calls:minute:0');
  });

  it('turns a refusal into the index of the counter and its value', async () => {
    const { client } = fakeClient([2, '9.5']);
    const store = await createRedisLimitStore(client);
    expect(await store.consume([calls, budget], 0)).toEqual({
      admitted: false,
      refused: 1,
      current: 9.5,
    });
  });

  it('sends the script itself when Redis does not know its SHA', async () => {
    const { client, sent } = fakeClient([0], { knowsScript: false });
    const store = await createRedisLimitStore(client);
    expect(await store.consume([calls], 0)).toEqual({ admitted: true });
    expect(sent.map(({ command }) => command)).toEqual(['evalsha', 'eval']);
    expect(sent[1]?.first).toBe(CONSUME_SCRIPT);
  });

  it('rejects with the error when Redis cannot answer', async () => {
    const { client, sent } = fakeClient([0], { fails: new Error('Command timed out') });
    const store = await createRedisLimitStore(client);
    await expect(store.consume([calls], 0)).rejects.toThrow('Command timed out');
    expect(sent).toHaveLength(1);
  });

  it('rejects a reply that is not the script’s', async () => {
    const { client } = fakeClient('OK');
    const store = await createRedisLimitStore(client);
    await expect(store.consume([calls], 0)).rejects.toThrow(
      'Unexpected reply from the limit script',
    );
  });

  it('leaves the client to its owner on close()', async () => {
    const { client, sent } = fakeClient([0]);
    const store = await createRedisLimitStore(client);
    await store.close();
    expect(sent).toEqual([]);
  });
});

describe('createRedisLimitStore with a URL', () => {
  it('refuses a URL that is not redis:// or rediss://', async () => {
    await expect(createRedisLimitStore('http://127.0.0.1:6379')).rejects.toThrow(
      "Limit store URL must start with redis:// or rediss://, got 'http://127.0.0.1:6379'",
    );
  });
});
