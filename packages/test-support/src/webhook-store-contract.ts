import { afterEach, describe, expect, it } from 'vitest';

// Core's WebhookStore and WebhookSubscription, restated (see event-backend-contract.ts).

/** Core's `DeliveryOutcome`. */
export type ContractDeliveryOutcome =
  | { ok: true }
  | { ok: false; category: string; retry: boolean };

/** Core's `WebhookSubscription`, as the contract suite uses it. */
export interface ContractWebhookSubscription {
  id: string;
  principal: string;
  identity: { id: string; type?: string; roles?: readonly string[] };
  name: string;
  arguments: Record<string, unknown>;
  url: string;
  secrets: { current: string; previous?: string; previousUntil?: number };
  refreshBefore: number;
  createdAt: number;
  status: { lastDeliveryAt?: number; lastError?: string; failedSince?: number };
}

/** Core's `WebhookStore`, as the contract suite uses it. */
export interface ContractWebhookStore {
  upsert(
    subscription: ContractWebhookSubscription,
    caps: { perSubject: number; endpointsPerSubject: number; total: number },
  ): Promise<{ created: boolean } | { refused: 'subscriptions' | 'endpoints' | 'total' }>;
  remove(principal: string, id: string): Promise<boolean>;
  get(id: string): Promise<ContractWebhookSubscription | undefined>;
  live(name: string): Promise<ContractWebhookSubscription[]>;
  verified(principal: string, url: string): Promise<boolean>;
  markVerified(principal: string, url: string, ttlMs: number): Promise<void>;
  markPending(id: string, positions: readonly string[]): Promise<void>;
  record(
    id: string,
    settled: { position: string; outcome: ContractDeliveryOutcome; at: number },
  ): Promise<void>;
  watermark(id: string): Promise<{ position: string; inclusive: boolean } | undefined>;
  close(): Promise<void>;
}

const WIDE = { perSubject: 100, endpointsPerSubject: 100, total: 1000 };
const HOUR = 3_600_000;

/** A subscription of `principal` to `name` at `url`; its id derived from the three. */
function subscription(
  principal: string,
  name: string,
  url = 'https://hooks.example.com/a',
  extra: Partial<ContractWebhookSubscription> = {},
): ContractWebhookSubscription {
  const now = Date.now();
  return {
    id: `sub_${principal}_${name}_${url.replace(/\W/g, '')}`,
    principal,
    identity: { id: principal },
    name,
    arguments: {},
    url,
    secrets: { current: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
    refreshBefore: now + HOUR,
    createdAt: now,
    status: {},
    ...extra,
  };
}

async function createsThenRefreshes(open: () => Promise<ContractWebhookStore>): Promise<void> {
  const store = await open();
  const first = subscription('alice', 'stock.low', undefined, { arguments: { sku: 'a' } });
  expect(await store.upsert(first, WIDE)).toEqual({ created: true });
  const refreshed = {
    ...first,
    secrets: {
      current: 'whsec_bmV3c2VjcmV0bmV3c2VjcmV0bmV3c2VjcmV0',
      previous: first.secrets.current,
    },
    refreshBefore: first.refreshBefore + HOUR,
  };
  expect(await store.upsert(refreshed, WIDE)).toEqual({ created: false });
  expect(await store.get(first.id)).toMatchObject({
    id: first.id,
    principal: 'alice',
    identity: { id: 'alice' },
    name: 'stock.low',
    arguments: { sku: 'a' },
    url: first.url,
    secrets: refreshed.secrets,
    refreshBefore: refreshed.refreshBefore,
  });
  expect((await store.live('stock.low')).map((live) => live.id)).toEqual([first.id]);
  expect(await store.live('order.placed')).toEqual([]);
}

async function capsPerSubject(open: () => Promise<ContractWebhookStore>): Promise<void> {
  const store = await open();
  const caps = { ...WIDE, perSubject: 2 };
  const one = subscription('alice', 'a.one');
  expect(await store.upsert(one, caps)).toEqual({ created: true });
  expect(await store.upsert(subscription('alice', 'a.two'), caps)).toEqual({ created: true });
  expect(await store.upsert(subscription('alice', 'a.three'), caps)).toEqual({
    refused: 'subscriptions',
  });
  expect(await store.get(subscription('alice', 'a.three').id)).toBeUndefined();
  expect(await store.upsert(one, caps)).toEqual({ created: false });
  expect(await store.upsert(subscription('bob', 'a.three'), caps)).toEqual({ created: true });
}

async function capsEndpointsAndTotal(open: () => Promise<ContractWebhookStore>): Promise<void> {
  const store = await open();
  const endpoints = { ...WIDE, endpointsPerSubject: 1 };
  expect(
    await store.upsert(subscription('alice', 'a.one', 'https://x.example/1'), endpoints),
  ).toEqual({ created: true });
  expect(
    await store.upsert(subscription('alice', 'a.two', 'https://x.example/1'), endpoints),
  ).toEqual({ created: true });
  expect(
    await store.upsert(subscription('alice', 'a.one', 'https://x.example/2'), endpoints),
  ).toEqual({ refused: 'endpoints' });
  const total = { ...WIDE, total: 3 };
  expect(await store.upsert(subscription('bob', 'b.one'), total)).toEqual({ created: true });
  expect(await store.upsert(subscription('carol', 'c.one'), total)).toEqual({
    refused: 'total',
  });
}

async function removesOwnOnly(open: () => Promise<ContractWebhookStore>): Promise<void> {
  const store = await open();
  const caps = { ...WIDE, perSubject: 1 };
  const mine = subscription('alice', 'stock.low');
  await store.upsert(mine, caps);
  expect(await store.remove('bob', mine.id)).toBe(false);
  expect(await store.get(mine.id)).toBeDefined();
  expect(await store.remove('alice', mine.id)).toBe(true);
  expect(await store.get(mine.id)).toBeUndefined();
  expect(await store.live('stock.low')).toEqual([]);
  expect(await store.remove('alice', mine.id)).toBe(false);
  expect(await store.upsert(subscription('alice', 'order.placed'), caps)).toEqual({
    created: true,
  });
}

async function forgetsLapsed(open: () => Promise<ContractWebhookStore>): Promise<void> {
  const store = await open();
  const caps = { ...WIDE, perSubject: 1 };
  const lapsed = subscription('alice', 'stock.low', undefined, {
    refreshBefore: Date.now() - 1000,
  });
  await store.upsert(lapsed, caps);
  expect(await store.live('stock.low')).toEqual([]);
  expect(await store.get(lapsed.id)).toBeUndefined();
  expect(await store.upsert(subscription('alice', 'order.placed'), caps)).toEqual({
    created: true,
  });
}

async function remembersVerification(open: () => Promise<ContractWebhookStore>): Promise<void> {
  const store = await open();
  const url = 'https://hooks.example.com/a';
  expect(await store.verified('alice', url)).toBe(false);
  await store.markVerified('alice', url, HOUR);
  expect(await store.verified('alice', url)).toBe(true);
  expect(await store.verified('bob', url)).toBe(false);
  expect(await store.verified('alice', 'https://hooks.example.com/b')).toBe(false);
}

async function keepsTheWatermark(
  open: () => Promise<ContractWebhookStore>,
  positions: readonly [string, string, string],
): Promise<void> {
  const store = await open();
  const [first, second, third] = positions;
  const mine = subscription('alice', 'stock.low');
  await store.upsert(mine, WIDE);
  expect(await store.watermark(mine.id)).toBeUndefined();
  await store.markPending(mine.id, [first, second, third]);
  expect(await store.watermark(mine.id)).toEqual({ position: first, inclusive: true });
  await store.record(mine.id, { position: second, outcome: { ok: true }, at: 1000 });
  expect(await store.watermark(mine.id)).toEqual({ position: first, inclusive: true });
  await store.record(mine.id, { position: first, outcome: { ok: true }, at: 1001 });
  expect(await store.watermark(mine.id)).toEqual({ position: third, inclusive: true });
  await store.record(mine.id, {
    position: third,
    outcome: { ok: false, category: 'http_4xx', retry: false },
    at: 1002,
  });
  expect(await store.watermark(mine.id)).toEqual({ position: third, inclusive: false });
}

async function recordsTheStatus(
  open: () => Promise<ContractWebhookStore>,
  positions: readonly [string, string, string],
): Promise<void> {
  const store = await open();
  const [first, second, third] = positions;
  const mine = subscription('alice', 'stock.low');
  await store.upsert(mine, WIDE);
  await store.markPending(mine.id, [first, second, third]);
  const failed = { ok: false as const, category: 'http_5xx', retry: true };
  await store.record(mine.id, { position: first, outcome: failed, at: 5000 });
  await store.record(mine.id, { position: second, outcome: failed, at: 6000 });
  expect((await store.get(mine.id))?.status).toMatchObject({
    lastError: 'http_5xx',
    failedSince: 5000,
  });
  await store.record(mine.id, { position: third, outcome: { ok: true }, at: 7000 });
  const status = (await store.get(mine.id))?.status;
  expect(status?.lastDeliveryAt).toBe(7000);
  expect(status?.failedSince).toBeUndefined();
}

/** Each behaviour of the contract, by its title. */
const STORE_CASES: readonly [
  string,
  (
    open: () => Promise<ContractWebhookStore>,
    positions: readonly [string, string, string],
  ) => Promise<void>,
][] = [
  ['creates, then refreshes under the same id, keeping what was given last', createsThenRefreshes],
  ['refuses a subscription past the per-subject cap, but refreshes one at the cap', capsPerSubject],
  [
    'counts distinct callback URLs per subject, and all subscriptions together',
    capsEndpointsAndTotal,
  ],
  ["removes only its owner's subscription, freeing its place", removesOwnOnly],
  ['neither lists nor counts a subscription past its refreshBefore', forgetsLapsed],
  ['remembers a verified (principal, url) for its subject only', remembersVerification],
  [
    'keeps the watermark at the oldest pending position, then after the last settled',
    keepsTheWatermark,
  ],
  [
    'records the delivery status: the last error and since when failing, until a success',
    recordsTheStatus,
  ],
];

/**
 * The behaviour every webhook store backend (memory, Redis) must show, as a vitest suite.
 * `make` gives a fresh, empty store for each test; the suite closes it. `positions` are three
 * log positions of the backend's own format, oldest first (the store orders pending ones).
 *
 * @example
 * ```ts
 * describeWebhookStoreContract('memory', () => createMemoryWebhookStore(), ['1', '2', '10']);
 * ```
 */
export function describeWebhookStoreContract(
  label: string,
  make: () => ContractWebhookStore | Promise<ContractWebhookStore>,
  positions: readonly [string, string, string],
): void {
  describe(`webhook store contract: ${label}`, () => {
    const opened: ContractWebhookStore[] = [];
    const open = async (): Promise<ContractWebhookStore> => {
      const store = await make();
      opened.push(store);
      return store;
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
    });
    for (const [title, run] of STORE_CASES) it(title, () => run(open, positions));
  });
}
