import { isIP } from 'node:net';
import { isLoopbackAddress, isSpecialPurposeAddress } from './special-addresses.js';

/** Longer URLs are refused: a callback URL is stored with every subscription. */
const MAX_URL_LENGTH = 2048;

/** What {@link checkCallbackUrl} allows beyond public https URLs. */
export interface CallbackUrlRules {
  /** `http:` to `localhost` or a loopback address (local development and tests). */
  readonly allowHttpLoopback: boolean;
  /** Literal private, loopback and other special-purpose addresses. */
  readonly allowPrivate: boolean;
}

/**
 * A callback URL check: the parsed URL, or why it is refused (worded for the subscriber).
 *
 * @example
 * ```ts
 * const checked: CallbackUrlCheck = { ok: false, reason: 'delivery.url must use https' };
 * ```
 */
export type CallbackUrlCheck =
  | { readonly ok: true; readonly url: URL }
  | { readonly ok: false; readonly reason: string };

/**
 * Checks a webhook callback URL before a subscription is stored: `https:` only (or `http:` to
 * loopback when allowed), no user name or password, and no literal special-purpose address
 * unless allowed. Host names are checked when each POST resolves them, not here.
 *
 * @example
 * ```ts
 * checkCallbackUrl('https://hooks.example.com/mcp', { allowHttpLoopback: false, allowPrivate: false }); // ok
 * checkCallbackUrl('http://hooks.example.com/mcp', { allowHttpLoopback: true, allowPrivate: true }); // refused
 * ```
 */
export function checkCallbackUrl(text: string, rules: CallbackUrlRules): CallbackUrlCheck {
  if (text.length > MAX_URL_LENGTH) {
    return refuse(`delivery.url is longer than ${MAX_URL_LENGTH} characters`);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('delivery.url is not an absolute URL');
  }
  if (url.username !== '' || url.password !== '') {
    return refuse('delivery.url must not carry a user name or password');
  }
  const host = bareHost(url);
  const loopbackHost = isLoopbackName(host) || (isIP(host) !== 0 && isLoopbackAddress(host));
  if (url.protocol === 'http:') {
    if (!rules.allowHttpLoopback) return refuse('delivery.url must use https');
    if (!loopbackHost) return refuse('delivery.url may use http only to a loopback host');
  } else if (url.protocol !== 'https:') {
    return refuse('delivery.url must use https');
  }
  const special = loopbackHost || (isIP(host) !== 0 && isSpecialPurposeAddress(host));
  if (special && !rules.allowPrivate) {
    return refuse('delivery.url must point to a public address');
  }
  return { ok: true, url };
}

/**
 * The host of a URL as a resolver or socket takes it (an IPv6 literal without its brackets).
 *
 * @example
 * ```ts
 * bareHost(new URL('https://[::1]:8443/')); // '::1'
 * ```
 */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** `localhost` and its subdomains always name the loopback interface (RFC 6761). */
function isLoopbackName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

function refuse(reason: string): CallbackUrlCheck {
  return { ok: false, reason };
}
