import { EventEmitter } from 'node:events';
import {
  type ContractEventLog,
  type ContractLoggedEvent,
  describeEventLogContract,
} from './event-backend-contract.js';
import {
  type ContractWebhookStore,
  type ContractWebhookSubscription,
  describeWebhookStoreContract,
} from './webhook-store-contract.js';

// The smallest backends that meet the contracts: they show the suites pass on a correct one.
// The server's memory backend and the Redis backend run the same suites against their own.

type Appended = ContractLoggedEvent & { appendedAt: number };

function createReferenceLog(): ContractEventLog {
  const logs = new Map<string, Appended[]>();
  const dropped = new Map<string, number>();
  const seen = new Map<string, number>();
  const tails = new EventEmitter();
  let next = 0;
  return {
    epoch: 'reference',
    async append(event, { retentionMs, maxLength }) {
      const key = `${event.name}\u0000${event.eventId}`;
      const now = Date.now();
      const seenAt = seen.get(key);
      if (seenAt !== undefined && now - seenAt < retentionMs) {
        return { position: String(next), duplicate: true };
      }
      seen.set(key, now);
      next += 1;
      const stored = { ...event, position: String(next) };
      const log = logs.get(event.name) ?? [];
      log.push({ ...stored, appendedAt: now });
      while (log.length > maxLength) dropped.set(event.name, Number(log.shift()?.position));
      logs.set(event.name, log);
      tails.emit('event', stored);
      return { position: stored.position, duplicate: false };
    },
    head: async (name) => logs.get(name)?.at(-1)?.position ?? '0',
    async read(name, after, { limit, notBeforeMs = 0 }) {
      const log = logs.get(name) ?? [];
      const later = log.filter(
        (event) => Number(event.position) > Number(after) && event.appendedAt >= notBeforeMs,
      );
      const events = later
        .slice(0, limit)
        .map(({ appendedAt: _appendedAt, ...event }) => event as ContractLoggedEvent);
      return {
        events,
        truncated: Number(after) < (dropped.get(name) ?? 0),
        next: events.at(-1)?.position ?? after,
        more: later.length > limit,
      };
    },
    tail(names, listener) {
      const hear = (event: ContractLoggedEvent) => {
        if (names.includes(event.name)) listener(event);
      };
      tails.on('event', hear);
      return () => tails.off('event', hear);
    },
    close: async () => {},
  };
}

function createReferenceStore(): ContractWebhookStore {
  const subscriptions = new Map<string, ContractWebhookSubscription>();
  const verified = new Set<string>();
  const pending = new Map<string, number[]>();
  const lastSettled = new Map<string, number>();
  const live = () => [...subscriptions.values()].filter((one) => one.refreshBefore > Date.now());
  return {
    async upsert(subscription, caps) {
      const exists = live().some((one) => one.id === subscription.id);
      if (!exists) {
        const mine = live().filter((one) => one.principal === subscription.principal);
        if (mine.length >= caps.perSubject) return { refused: 'subscriptions' };
        if (live().length >= caps.total) return { refused: 'total' };
        const urls = new Set(mine.map((one) => one.url));
        if (!urls.has(subscription.url) && urls.size >= caps.endpointsPerSubject) {
          return { refused: 'endpoints' };
        }
      }
      subscriptions.set(subscription.id, structuredClone(subscription));
      return { created: !exists };
    },
    async remove(principal, id) {
      const found = subscriptions.get(id);
      if (found === undefined || found.principal !== principal) return false;
      return subscriptions.delete(id);
    },
    get: async (id) => live().find((one) => one.id === id),
    live: async (name) => live().filter((one) => one.name === name),
    verified: async (principal, url) => verified.has(`${principal} ${url}`),
    markVerified: async (principal, url) => {
      verified.add(`${principal} ${url}`);
    },
    async markPending(id, positions) {
      pending.set(id, [...(pending.get(id) ?? []), ...positions.map(Number)]);
    },
    async record(id, { position, outcome, at }) {
      pending.set(
        id,
        (pending.get(id) ?? []).filter((one) => one !== Number(position)),
      );
      lastSettled.set(id, Math.max(lastSettled.get(id) ?? 0, Number(position)));
      const found = subscriptions.get(id);
      if (found === undefined) return;
      if (outcome.ok) {
        found.status = { ...found.status, lastDeliveryAt: at };
        delete found.status.failedSince;
      } else {
        found.status = {
          ...found.status,
          lastError: outcome.category,
          failedSince: found.status.failedSince ?? at,
        };
      }
    },
    async watermark(id) {
      const waiting = pending.get(id) ?? [];
      if (waiting.length > 0) return { position: String(Math.min(...waiting)), inclusive: true };
      const settled = lastSettled.get(id);
      return settled === undefined ? undefined : { position: String(settled), inclusive: false };
    },
    close: async () => {},
  };
}

describeEventLogContract('reference', createReferenceLog);
describeWebhookStoreContract('reference', createReferenceStore, ['2', '9', '10']);
