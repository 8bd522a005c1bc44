import { afterEach, describe, expect, it } from 'vitest';

// The shapes of `@apcore-mcp/core/bridge`'s EventLog and WebhookStore, restated: core's tests
// depend on this package, so it cannot depend on core. A backend typed with core's interfaces
// fits these structurally.

/** An occurrence as a log stores it (core's `LoggedEvent`). */
export interface ContractLoggedEvent {
  position: string;
  eventId: string;
  name: string;
  timestamp: string;
  data: Record<string, unknown>;
  audience?: string;
}

/** Core's `EventLog`, as the contract suite uses it. */
export interface ContractEventLog {
  readonly epoch: string;
  append(
    event: Omit<ContractLoggedEvent, 'position'>,
    bounds: { retentionMs: number; maxLength: number },
  ): Promise<{ position: string; duplicate: boolean }>;
  head(name: string): Promise<string>;
  read(
    name: string,
    after: string,
    options: { limit: number; notBeforeMs?: number },
  ): Promise<{ events: ContractLoggedEvent[]; truncated: boolean; next: string; more: boolean }>;
  tail(names: readonly string[], listener: (event: ContractLoggedEvent) => void): () => void;
  close(): Promise<void>;
}

const BOUNDS = { retentionMs: 3_600_000, maxLength: 1000 };

let eventCount = 0;

/** A fresh occurrence of `name` (unique eventId unless given). */
function occurrence(
  name: string,
  data: Record<string, unknown> = {},
  extra: { eventId?: string; audience?: string } = {},
): Omit<ContractLoggedEvent, 'position'> {
  eventCount += 1;
  return {
    eventId: extra.eventId ?? `evt_contract_${eventCount}`,
    name,
    timestamp: new Date().toISOString(),
    data,
    ...(extra.audience === undefined ? {} : { audience: extra.audience }),
  };
}

async function startsEmpty(open: () => Promise<ContractEventLog>): Promise<void> {
  const log = await open();
  expect(typeof log.epoch).toBe('string');
  expect(log.epoch).not.toBe('');
  expect(await log.head('stock.low')).toBe('0');
  expect(await log.read('stock.low', '0', { limit: 10 })).toEqual({
    events: [],
    truncated: false,
    next: '0',
    more: false,
  });
}

async function readsBackInOrder(open: () => Promise<ContractEventLog>): Promise<void> {
  const log = await open();
  const first = occurrence('stock.low', { sku: 'a', nested: { onHand: 1 } });
  const second = occurrence('stock.low', { sku: 'b' }, { audience: 'alice' });
  const a = await log.append(first, BOUNDS);
  const b = await log.append(second, BOUNDS);
  expect(a.duplicate).toBe(false);
  expect(b.duplicate).toBe(false);
  expect(await log.head('stock.low')).toBe(b.position);
  const all = await log.read('stock.low', '0', { limit: 10 });
  expect(all).toEqual({
    events: [
      { ...first, position: a.position },
      { ...second, position: b.position },
    ],
    truncated: false,
    next: b.position,
    more: false,
  });
  const later = await log.read('stock.low', a.position, { limit: 10 });
  expect(later.events.map((event) => event.eventId)).toEqual([second.eventId]);
  expect(await log.read('stock.low', b.position, { limit: 10 })).toEqual({
    events: [],
    truncated: false,
    next: b.position,
    more: false,
  });
}

async function readsInPages(open: () => Promise<ContractEventLog>): Promise<void> {
  const log = await open();
  const ids: string[] = [];
  for (let index = 0; index < 5; index += 1) {
    const event = occurrence('order.placed', { index });
    ids.push(event.eventId);
    await log.append(event, BOUNDS);
  }
  const page = await log.read('order.placed', '0', { limit: 2 });
  expect(page.events.map((event) => event.eventId)).toEqual(ids.slice(0, 2));
  expect(page.more).toBe(true);
  expect(page.next).toBe(page.events[1]?.position);
  const rest = await log.read('order.placed', page.next, { limit: 10 });
  expect(rest.events.map((event) => event.eventId)).toEqual(ids.slice(2));
  expect(rest.more).toBe(false);
}

async function keepsOneLogPerType(open: () => Promise<ContractEventLog>): Promise<void> {
  const log = await open();
  await log.append(occurrence('stock.low', { sku: 'a' }), BOUNDS);
  const order = occurrence('order.placed', { id: 1 });
  const placed = await log.append(order, BOUNDS);
  const orders = await log.read('order.placed', '0', { limit: 10 });
  expect(orders.events.map((event) => event.eventId)).toEqual([order.eventId]);
  expect(await log.head('order.placed')).toBe(placed.position);
}

async function dropsDuplicateEventIds(open: () => Promise<ContractEventLog>): Promise<void> {
  const log = await open();
  const event = occurrence('stock.low', { sku: 'a' }, { eventId: 'low-a' });
  expect((await log.append(event, BOUNDS)).duplicate).toBe(false);
  const again = await log.append({ ...event, data: { sku: 'a', again: true } }, BOUNDS);
  expect(again.duplicate).toBe(true);
  const read = await log.read('stock.low', '0', { limit: 10 });
  expect(read.events.map((stored) => stored.data)).toEqual([{ sku: 'a' }]);
  // Another type's log has ids of its own.
  const other = await log.append({ ...event, name: 'order.placed' }, BOUNDS);
  expect(other.duplicate).toBe(false);
}

async function boundsTheLength(open: () => Promise<ContractEventLog>): Promise<void> {
  const log = await open();
  const bounds = { retentionMs: 3_600_000, maxLength: 10 };
  const ids: string[] = [];
  for (let index = 0; index < 300; index += 1) {
    const event = occurrence('stock.low', { index });
    ids.push(event.eventId);
    await log.append(event, bounds);
  }
  const read = await log.read('stock.low', '0', { limit: 1000 });
  const kept = read.events.map((event) => event.eventId);
  expect(kept.length).toBeGreaterThanOrEqual(10);
  expect(kept.length).toBeLessThan(300);
  expect(kept).toEqual(ids.slice(-kept.length));
  expect(read.truncated).toBe(true);
  // Reading on from a kept position loses nothing.
  const fromKept = await log.read('stock.low', read.events[0]?.position ?? '0', { limit: 1 });
  expect(fromKept.truncated).toBe(false);
}

async function honoursNotBefore(open: () => Promise<ContractEventLog>): Promise<void> {
  const log = await open();
  const old = occurrence('stock.low', { sku: 'old' });
  await log.append(old, BOUNDS);
  const appendedBefore = Date.now();
  // Wait for the clock to move on, so that the next append is later than the floor.
  while (Date.now() <= appendedBefore) await new Promise((resolve) => setImmediate(resolve));
  const floor = Date.now();
  const fresh = occurrence('stock.low', { sku: 'new' });
  await log.append(fresh, BOUNDS);
  const read = await log.read('stock.low', '0', { limit: 10, notBeforeMs: floor });
  expect(read.events.map((event) => event.eventId)).toEqual([fresh.eventId]);
}

async function tailsUntilStopped(open: () => Promise<ContractEventLog>): Promise<void> {
  const log = await open();
  const heard: ContractLoggedEvent[] = [];
  const stop = log.tail(['stock.low', 'order.placed'], (event) => heard.push(event));
  const low = occurrence('stock.low', { sku: 'a' }, { audience: 'alice' });
  const lowAt = await log.append(low, BOUNDS);
  await log.append(occurrence('other.type'), BOUNDS);
  const placed = occurrence('order.placed', { id: 1 });
  await log.append(placed, BOUNDS);
  await expect
    .poll(() => heard.map((event) => event.eventId), { timeout: 10_000 })
    .toEqual([low.eventId, placed.eventId]);
  expect(heard[0]).toEqual({ ...low, position: lowAt.position });
  stop();
  const after = occurrence('stock.low', { sku: 'b' });
  await log.append(after, BOUNDS);
  // A marker on a second tail shows the log delivered past `after`: the stopped one heard nothing.
  const marker: string[] = [];
  const stopMarker = log.tail(['stock.low'], (event) => marker.push(event.eventId));
  const last = occurrence('stock.low', { sku: 'c' });
  await log.append(last, BOUNDS);
  await expect.poll(() => marker, { timeout: 10_000 }).toContain(last.eventId);
  stopMarker();
  expect(heard.map((event) => event.eventId)).toEqual([low.eventId, placed.eventId]);
}

/** Each behaviour of the contract, by its title. */
const LOG_CASES: readonly [string, (open: () => Promise<ContractEventLog>) => Promise<void>][] = [
  ["has an epoch, and head '0' and nothing to read for a type never appended to", startsEmpty],
  [
    'reads back what was appended, oldest first, each field kept, after a position',
    readsBackInOrder,
  ],
  ['reads at most limit, saying more follow, and goes on from next', readsInPages],
  ['keeps one log per type', keepsOneLogPerType],
  ['stores an eventId once per type within retention, and says so', dropsDuplicateEventIds],
  [
    'keeps at least the newest maxLength, and a read from before what it dropped is truncated',
    boundsTheLength,
  ],
  ['leaves out occurrences appended before notBeforeMs', honoursNotBefore],
  ['tells a tail each occurrence of the types it follows, until stopped', tailsUntilStopped],
];

/**
 * The behaviour every event log backend (memory, Redis Streams) must show, as a vitest suite.
 * `make` gives a fresh, empty log for each test (a Redis backend: a prefix of its own); the
 * suite closes it. A log's `tail` must hear every occurrence appended after `tail()` returned.
 *
 * @example
 * ```ts
 * describeEventLogContract('memory', () => createMemoryEventLog());
 * ```
 */
export function describeEventLogContract(
  label: string,
  make: () => ContractEventLog | Promise<ContractEventLog>,
): void {
  describe(`event log contract: ${label}`, () => {
    const opened: ContractEventLog[] = [];
    const open = async (): Promise<ContractEventLog> => {
      const log = await make();
      opened.push(log);
      return log;
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((log) => log.close()));
    });
    for (const [title, run] of LOG_CASES) it(title, () => run(open));
  });
}
