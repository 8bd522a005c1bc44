/**
 * Why a delivery attempt failed, in the words a subscriber may see (`deliveryStatus.lastError`):
 * never a raw body, header or status line.
 *
 * @example
 * ```ts
 * const category: DeliveryErrorCategory = 'http_5xx';
 * ```
 */
export type DeliveryErrorCategory =
  | 'connection_refused'
  | 'timeout'
  | 'tls_error'
  | 'http_4xx'
  | 'http_5xx'
  | 'challenge_failed';

/**
 * The result of one POST to a callback URL. `retry: false` means another attempt of the same
 * delivery is pointless (the receiver answered 410 or 413); the subscription itself stays.
 *
 * @example
 * ```ts
 * const outcome = await sender.post(url, body, headers);
 * if (!outcome.ok && outcome.retry) scheduleAgain();
 * ```
 */
export type DeliveryOutcome =
  | { readonly ok: true; readonly status: number }
  | {
      readonly ok: false;
      readonly category: DeliveryErrorCategory;
      readonly retry: boolean;
      /** The receiver's HTTP status, when it answered (for logs, never for subscribers). */
      readonly status?: number;
    };

/** Statuses after which the same delivery is never attempted again (the SEP's rule). */
const FINAL_STATUSES: ReadonlySet<number> = new Set([410, 413]);

/**
 * The outcome of an HTTP answer: 2xx succeeds; a redirect is not followed and counts as a 4xx;
 * 410 and 413 are final; every other status may be retried.
 *
 * @example
 * ```ts
 * outcomeOfStatus(503); // { ok: false, category: 'http_5xx', retry: true, status: 503 }
 * ```
 */
export function outcomeOfStatus(status: number): DeliveryOutcome {
  if (status >= 200 && status < 300) return { ok: true, status };
  const category = status >= 500 ? 'http_5xx' : 'http_4xx';
  return { ok: false, category, retry: !FINAL_STATUSES.has(status), status };
}

/**
 * A failed attempt that got no HTTP answer.
 *
 * @example
 * ```ts
 * failedOutcome('timeout'); // { ok: false, category: 'timeout', retry: true }
 * ```
 */
export function failedOutcome(category: DeliveryErrorCategory): DeliveryOutcome {
  return { ok: false, category, retry: true };
}
