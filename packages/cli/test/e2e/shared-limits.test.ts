import {
  findFreePort,
  redisSkipReason,
  startRedisServer,
  type TestRedisServer,
} from '@apcore-mcp/test-support';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  EXAMPLE_EXTENSIONS,
  httpServeArgs,
  SERVING_LINE,
  type ServerProcess,
  startCli,
} from '../helpers/cli-process.js';

const skip = redisSkipReason();

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: 'shared-limits', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

describe.skipIf(skip !== undefined)(
  `two apcore-mcp processes sharing one Redis${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let redis: TestRedisServer;
    const servers: ServerProcess[] = [];
    const clients: Client[] = [];

    beforeEach(async () => {
      redis = await startRedisServer();
    });
    afterEach(async () => {
      for (const client of clients.splice(0)) await client.close();
      for (const server of servers.splice(0)) expect(await server.stop()).toBe(0);
      await redis.stop();
    });

    async function start(args: string[], env: Record<string, string> = {}): Promise<string> {
      const server = startCli(httpServeArgs(EXAMPLE_EXTENSIONS, await findFreePort(), args), {
        env,
      });
      servers.push(server);
      const [, , url] = await server.waitForStderr(SERVING_LINE);
      return url ?? '';
    }

    it('enforce one limit together: of 30 calls at once, exactly 10 run', async () => {
      // A daily window: a test never straddles it the way it could a minute's end.
      const byFlags = await start(['--rate-limit', '10/day', '--store', redis.url]);
      const byEnv = await start([], {
        APCORE_MCP_RATE_LIMIT: '10/day',
        APCORE_MCP_STORE: redis.url,
      });
      clients.push(await connect(byFlags), await connect(byEnv));
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          clients[index % 2]?.callTool({ name: 'catalog-search', arguments: { query: 'tea' } }),
        ),
      );
      const refused = results.filter((result) => result?.isError === true);
      expect(results.length - refused.length).toBe(10);
      // Every refusal names the shared limit and when to retry.
      for (const result of refused) {
        expect(result?._meta).toMatchObject({
          'apcore/errorCode': 'RATE_LIMITED',
          retryAfterSeconds: expect.any(Number),
        });
        expect(result?.content).toEqual([
          {
            type: 'text',
            text: expect.stringMatching(/^Rate limit of 10 calls per day reached; retry in \d+ s$/),
          },
        ]);
      }
    });

    it('refuse calls while Redis is gone, and keep serving', async () => {
      const url = await start(['--rate-limit', '10/day', '--store', redis.url]);
      const client = await connect(url);
      clients.push(client);
      const call = () => client.callTool({ name: 'catalog-search', arguments: { query: 'tea' } });
      expect((await call()).isError).not.toBe(true);
      await redis.stop();
      expect(await call()).toMatchObject({
        isError: true,
        _meta: { 'apcore/errorCode': 'LIMIT_STORE_UNAVAILABLE' },
      });
      expect(servers[0]?.stderr()).toMatch(/Limit store unavailable/);
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    });
  },
);
