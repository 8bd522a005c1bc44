import { describe, expect, it, vi } from 'vitest';
import { createBackoffFetch, isJwksCoolingDown } from './jwks-fetch-backoff.js';

const URL_OF_KEYS = 'https://auth.example.com/jwks.json';
const INIT = {
  headers: new Headers(),
  method: 'GET' as const,
  redirect: 'manual' as const,
  signal: new AbortController().signal,
};
const KEYS = JSON.stringify({ keys: [] });

/** A fetch answering from a list of outcomes, counting its calls. */
function scriptedFetch(outcomes: Array<() => Response>) {
  const calls = vi.fn(async () => (outcomes.shift() ?? (() => new Response(KEYS)))());
  return calls as unknown as typeof fetch & typeof calls;
}

describe('createBackoffFetch', () => {
  it('refuses without fetching while the cooldown after a failure runs', async () => {
    const base = scriptedFetch([() => new Response('down', { status: 503 })]);
    const backoff = createBackoffFetch(60_000, base);
    await expect(backoff(URL_OF_KEYS, INIT)).rejects.toThrow('answered 503');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const refusal = await backoff(URL_OF_KEYS, INIT).catch((error: unknown) => error);
      expect(isJwksCoolingDown(refusal)).toBe(true);
    }
    expect(base).toHaveBeenCalledTimes(1);
  });

  it('fetches again once the cooldown is over, and a success ends the backoff', async () => {
    const base = scriptedFetch([() => new Response('<html>', { status: 200 })]);
    const backoff = createBackoffFetch(0, base);
    await expect(backoff(URL_OF_KEYS, INIT)).rejects.toThrow('not JSON');
    const answer = await backoff(URL_OF_KEYS, INIT);
    expect(await answer.json()).toEqual({ keys: [] });
    await backoff(URL_OF_KEYS, INIT);
    expect(base).toHaveBeenCalledTimes(3);
  });

  it('counts a network error as a failure and passes it on', async () => {
    const base = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    const backoff = createBackoffFetch(60_000, base);
    await expect(backoff(URL_OF_KEYS, INIT)).rejects.toThrow('fetch failed');
    expect(isJwksCoolingDown(await backoff(URL_OF_KEYS, INIT).catch((error) => error))).toBe(true);
    expect(base).toHaveBeenCalledTimes(1);
  });
});
