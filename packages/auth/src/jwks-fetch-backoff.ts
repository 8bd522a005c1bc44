import type { FetchImplementation } from 'jose';

const COOLING_DOWN_CODE = 'JWKS_FETCH_COOLING_DOWN';

/**
 * A `fetch` for jose's `createRemoteJWKSet` (its `customFetch` hook) that backs off after a
 * failure. jose's own cooldown only spaces out fetches after a *successful* one, so while a
 * JWKS URL is down every request needing keys would fetch it again: a flood at the identity
 * provider and a slow 401 for each caller. After a failed fetch (network error, timeout, a
 * status other than 200, a body that is not JSON) every fetch within `cooldownMs` is refused
 * at once without touching the network; the first one after it goes out, and a success ends
 * the backoff. Keys jose has cached keep verifying tokens meanwhile: only fetches are refused.
 *
 * @example
 * ```ts
 * const keys = createRemoteJWKSet(url, { [customFetch]: createBackoffFetch(30_000) });
 * ```
 */
export function createBackoffFetch(
  cooldownMs: number,
  baseFetch: typeof fetch = fetch,
): FetchImplementation {
  let failedAt: number | undefined;
  return async (url, init) => {
    if (failedAt !== undefined && performance.now() - failedAt < cooldownMs) {
      throw Object.assign(new Error('The JWKS URL failed recently; not fetching it again yet'), {
        code: COOLING_DOWN_CODE,
      });
    }
    try {
      const response = await baseFetch(url, init);
      if (response.status !== 200) throw new Error(`The JWKS URL answered ${response.status}`);
      // Read here so a 200 with a broken body (a proxy's HTML page) counts as a failure too.
      const body = await response.text();
      if (!isJson(body)) throw new Error('The JWKS URL answered a body that is not JSON');
      failedAt = undefined;
      return new Response(body, { status: 200 });
    } catch (error) {
      failedAt = performance.now();
      throw error;
    }
  };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether an error is the backoff's refusal to fetch (not a new failure worth a warning).
 *
 * @example
 * ```ts
 * if (isJwksCoolingDown(error)) logger.debug('Refused without fetching the JWKS');
 * ```
 */
export function isJwksCoolingDown(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === COOLING_DOWN_CODE;
}
