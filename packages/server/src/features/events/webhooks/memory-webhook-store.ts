import type {
  DeliveryRecord,
  WebhookCaps,
  WebhookStore,
  WebhookSubscription,
  WebhookWatermark,
} from '@apcore-mcp/core/bridge';

/**
 * The default webhook store: subscriptions in this process's memory, gone with it (clients
 * refresh before `refreshBefore`, so a restart loses them until then); `onFirstSubscription`
 * runs once, when it keeps its first. Positions are the
 * memory log's integers; the watermark is the lowest pending one, or after the last settled.
 *
 * @example
 * ```ts
 * const store = createMemoryWebhookStore();
 * await store.upsert(subscription, { perSubject: 100, endpointsPerSubject: 10, total: 10_000 });
 * ```
 */
export function createMemoryWebhookStore(
  options: { onFirstSubscription?: () => void } = {},
): WebhookStore {
  return new MemoryWebhookStore(options.onFirstSubscription);
}

class MemoryWebhookStore implements WebhookStore {
  #onFirstSubscription: (() => void) | undefined;
  readonly #subscriptions = new Map<string, WebhookSubscription>();
  readonly #verifiedUntil = new Map<string, number>();
  readonly #pending = new Map<string, Set<number>>();
  readonly #lastSettled = new Map<string, number>();

  constructor(onFirstSubscription: (() => void) | undefined) {
    this.#onFirstSubscription = onFirstSubscription;
  }

  async upsert(
    subscription: WebhookSubscription,
    caps: WebhookCaps,
  ): Promise<{ created: boolean } | { refused: 'subscriptions' | 'endpoints' | 'total' }> {
    const all = this.#live();
    const exists = this.#subscriptions.has(subscription.id);
    if (!exists) {
      const mine = all.filter((one) => one.principal === subscription.principal);
      if (mine.length >= caps.perSubject) return { refused: 'subscriptions' };
      if (all.length >= caps.total) return { refused: 'total' };
      const urls = new Set(mine.map((one) => one.url));
      if (!urls.has(subscription.url) && urls.size >= caps.endpointsPerSubject) {
        return { refused: 'endpoints' };
      }
    }
    this.#subscriptions.set(subscription.id, structuredClone(subscription));
    this.#onFirstSubscription?.();
    this.#onFirstSubscription = undefined;
    return { created: !exists };
  }

  async remove(principal: string, id: string): Promise<boolean> {
    const found = this.#subscriptions.get(id);
    if (found === undefined || found.principal !== principal) return false;
    this.#forget(id);
    return true;
  }

  async get(id: string): Promise<WebhookSubscription | undefined> {
    const found = this.#live().find((one) => one.id === id);
    return found === undefined ? undefined : structuredClone(found);
  }

  async live(name: string): Promise<WebhookSubscription[]> {
    return structuredClone(this.#live().filter((one) => one.name === name));
  }

  async verified(principal: string, url: string): Promise<boolean> {
    return (this.#verifiedUntil.get(`${principal} ${url}`) ?? 0) > Date.now();
  }

  async markVerified(principal: string, url: string, ttlMs: number): Promise<void> {
    this.#verifiedUntil.set(`${principal} ${url}`, Date.now() + ttlMs);
  }

  async markPending(id: string, positions: readonly string[]): Promise<void> {
    const waiting = this.#pending.get(id) ?? new Set<number>();
    for (const position of positions) waiting.add(Number(position));
    this.#pending.set(id, waiting);
  }

  async record(id: string, { position, outcome, at }: DeliveryRecord): Promise<void> {
    this.#pending.get(id)?.delete(Number(position));
    this.#lastSettled.set(id, Math.max(this.#lastSettled.get(id) ?? 0, Number(position)));
    const found = this.#subscriptions.get(id);
    if (found === undefined) return;
    if (outcome.ok) {
      const { failedSince: _cleared, ...status } = found.status;
      found.status = { ...status, lastDeliveryAt: at };
    } else {
      const failedSince = found.status.failedSince ?? at;
      found.status = { ...found.status, lastError: outcome.category, failedSince };
    }
  }

  async watermark(id: string): Promise<WebhookWatermark | undefined> {
    const waiting = [...(this.#pending.get(id) ?? [])];
    if (waiting.length > 0) return { position: String(Math.min(...waiting)), inclusive: true };
    const settled = this.#lastSettled.get(id);
    return settled === undefined ? undefined : { position: String(settled), inclusive: false };
  }

  async close(): Promise<void> {
    this.#subscriptions.clear();
    this.#verifiedUntil.clear();
    this.#pending.clear();
    this.#lastSettled.clear();
  }

  /** The unexpired subscriptions; the expired ones are forgotten on the way. */
  #live(): WebhookSubscription[] {
    const now = Date.now();
    for (const [id, one] of this.#subscriptions) {
      if (one.refreshBefore <= now) this.#forget(id);
    }
    return [...this.#subscriptions.values()];
  }

  #forget(id: string): void {
    this.#subscriptions.delete(id);
    this.#pending.delete(id);
    this.#lastSettled.delete(id);
  }
}
