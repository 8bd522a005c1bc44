import {
  nginxSkipReason,
  openEventStream,
  postModernRequest,
  type RpcAnswer,
  redisSkipReason,
  type StreamMessage,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@apcore-mcp/test-support';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startCli } from '../helpers/cli-process.js';
import {
  DEPLOYMENT_HOOK_TIMEOUT_MS,
  type Deployment,
  type DeploymentOptions,
  type Instance,
  publicUrl,
  startDeployment,
} from '../helpers/deployment.js';
import { EVENT_EXTENSION_FILES, newWebhookSecret } from '../helpers/event-wire.js';
import { createTokenFixture, type TokenFixture } from '../helpers/token-fixture.js';

const AUDIENCE = 'https://mcp.example.test/mcp';
const STOCK_LOW = 'stock.low';
const WORKER_LINE = /apcore-mcp: running webhook deliveries from redis:\/\/\S+\n/;
const skip = nginxSkipReason() ?? redisSkipReason();

/** Bearer auth (a JWKS file), and callbacks allowed to a receiver on this machine. */
const authArgs = (fixture: TokenFixture): string[] => [
  ...['--auth-jwks-file', fixture.jwksFile, '--auth-audience', AUDIENCE],
  ...['--auth-authorization-server', 'https://auth.example.test'],
];
const CALLBACK_ARGS = ['--webhook-allow-http', '--webhook-allow-private'];

/** An instance's own address, by the public name it accepts (`--allowed-hosts`). */
const pinned = (instance: Instance): string => publicUrl(Number(instance.address.split(':')[1]));

const isEvent = (eventId: string) => (message: StreamMessage) =>
  message.method === 'notifications/events/event' && message.params?.eventId === eventId;

describe.skipIf(skip !== undefined)(
  `events of two instances and a worker on one Redis, behind nginx${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let fixture: TokenFixture;
    let headers: Record<string, string>;
    let deployment: Deployment | undefined;
    const receivers: WebhookReceiver[] = [];
    const workers: ServerProcess[] = [];

    beforeAll(async () => {
      fixture = await createTokenFixture('events-deployment', EVENT_EXTENSION_FILES);
      const token = await fixture.signer.sign({ sub: 'alice', aud: AUDIENCE });
      headers = { authorization: `Bearer ${token}` };
    });
    afterEach(async () => {
      for (const worker of workers.splice(0)) expect(await worker.stop()).toBe(0);
      await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
      await deployment?.stop();
      deployment = undefined;
    }, DEPLOYMENT_HOOK_TIMEOUT_MS);
    afterAll(async () => {
      await fixture.remove();
    });

    async function deploy(options: Partial<DeploymentOptions> = {}): Promise<Deployment> {
      deployment = await startDeployment({
        extensionsDir: fixture.extensions,
        events: true,
        extraArgs: [...authArgs(fixture), ...CALLBACK_ARGS],
        ...options,
      });
      return deployment;
    }

    async function receiver(options: { hangFirst?: boolean } = {}) {
      const secret = newWebhookSecret();
      const started = await startWebhookReceiver(secret);
      // 0: the first delivery is never answered, as by a receiver that hangs.
      if (options.hangFirst === true) started.answers.push(0);
      receivers.push(started);
      return { secret, receiver: started };
    }

    /** One request through `url` (nginx, or an instance's own address), as alice. */
    async function request(
      url: string,
      method: string,
      params: Record<string, unknown>,
      fetchWith: typeof fetch = fetch,
    ): Promise<Record<string, unknown>> {
      const { body } = await postModernRequest(url, method, params, { headers, fetch: fetchWith });
      const { result, error } = body as RpcAnswer;
      if (result === undefined) throw new Error(`${method} failed: ${JSON.stringify(error)}`);
      return result;
    }

    /** Calls `stock-report` on `instance` itself: its module emits `stock.low`. */
    async function emitOn(instance: Instance, sku: string): Promise<string> {
      const result = await request(
        pinned(instance),
        'tools/call',
        { name: 'stock-report', arguments: { sku, onHand: 1 } },
        deployment?.fetch,
      );
      const { content } = result as { content: { text: string }[] };
      const { eventId } = JSON.parse(content[0]?.text ?? '{}') as { eventId: string };
      expect(eventId).toEqual(expect.any(String));
      return eventId;
    }

    async function subscribe(url: string, hook: { secret: string; url: string }, f: typeof fetch) {
      return request(
        url,
        'events/subscribe',
        {
          name: STOCK_LOW,
          arguments: {},
          delivery: { mode: 'webhook', url: hook.url, secret: hook.secret },
          cursor: null,
        },
        f,
      );
    }

    it(
      'polls, streams and delivers by webhook an event emitted on A, each once',
      async () => {
        const { instances, fetch: publicFetch, ...started } = await deploy();
        const nginx = await started.startNginx();
        const front = publicUrl(nginx.port);
        const [a, b] = instances;
        const pinnedB = pinned(b);
        const pollFrom = async (url: string, cursor: string | null, f: typeof fetch) =>
          (await request(url, 'events/poll', { name: STOCK_LOW, arguments: {}, cursor }, f)) as {
            events: { eventId: string }[];
            cursor: string;
          };
        const fromNow = (await pollFrom(front, null, publicFetch)).cursor;
        const fromNowOnB = (await pollFrom(pinnedB, null, publicFetch)).cursor;
        const stream = await openEventStream(
          front,
          { name: STOCK_LOW, arguments: {}, cursor: null },
          { headers, fetch: publicFetch },
        );
        try {
          await stream.next((message) => message.method === 'notifications/events/active');
          const { secret, receiver: hooks } = await receiver();
          await subscribe(front, { secret, url: hooks.url }, publicFetch);

          const first = await emitOn(a, 'sku-1');
          // A second event, heard everywhere after the first: by then a duplicate would show.
          await stream.next(isEvent(first));
          const second = await emitOn(a, 'sku-2');
          await stream.next(isEvent(second));
          const delivered = await hooks.waitForDeliveries(2);

          const ids = (events: readonly { eventId?: unknown }[]) => events.map((e) => e.eventId);
          expect(ids((await pollFrom(front, fromNow, publicFetch)).events)).toEqual([
            first,
            second,
          ]);
          expect(ids((await pollFrom(pinnedB, fromNowOnB, publicFetch)).events)).toEqual([
            first,
            second,
          ]);
          const streamed = stream.messages
            .filter((message) => message.method === 'notifications/events/event')
            .map((message) => message.params ?? {});
          expect(ids(streamed)).toEqual([first, second]);
          expect(ids(delivered.map((post) => post.body)).sort()).toEqual([first, second].sort());
          for (const post of delivered) {
            expect(post.verified).toBe(true);
            expect(post.headers['webhook-id']).toBe(post.body.eventId);
          }
        } finally {
          stream.abort();
        }
      },
      DEPLOYMENT_HOOK_TIMEOUT_MS,
    );

    it(
      'delivers once more from a worker, same webhook-id, when the delivering instance is killed',
      async () => {
        const lock = ['--event-delivery-lock', '2'];
        const {
          instances,
          redis,
          stateKeyFile,
          fetch: publicFetch,
        } = await deploy({
          instanceArgs: { a: lock, b: ['--no-event-delivery', ...lock] },
        });
        const [a, b] = instances;
        const { secret, receiver: hooks } = await receiver({ hangFirst: true });
        await subscribe(pinned(b), { secret, url: hooks.url }, publicFetch);

        const eventId = await emitOn(a, 'sku-9');
        const [cutOff] = await hooks.waitForDeliveries(1);
        expect(cutOff?.body.eventId).toBe(eventId);
        await a.process.stop('SIGKILL');

        const worker = startCli([
          ...['worker', '--extensions-dir', fixture.extensions, '--events', redis.url],
          ...['--state-key-file', stateKeyFile, ...lock, ...CALLBACK_ARGS],
        ]);
        workers.push(worker);
        await worker.waitForStderr(WORKER_LINE);
        const [, again] = await hooks.waitForDeliveries(2);
        expect(again?.body.eventId).toBe(eventId);
        expect(again?.headers['webhook-id']).toBe(cutOff?.headers['webhook-id']);
        expect(again?.verified).toBe(true);

        // One more event, now delivered by the worker alone: the first came exactly twice.
        const next = await emitOn(b, 'sku-10');
        const all = await hooks.waitForDeliveries(3);
        expect(all.map((post) => post.body.eventId)).toEqual([eventId, eventId, next]);
      },
      DEPLOYMENT_HOOK_TIMEOUT_MS,
    );
  },
);
