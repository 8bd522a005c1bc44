import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { bareHost } from './callback-url.js';
import { isLoopbackAddress, isSpecialPurposeAddress } from './special-addresses.js';

/**
 * One address a host name resolves to.
 *
 * @example
 * ```ts
 * const address: ResolvedAddress = { address: '203.0.113.10', family: 4 };
 * ```
 */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

/**
 * Resolves a host name to every address it has. The default is the system resolver
 * (`dns.promises.lookup(host, { all: true })`); tests and custom resolvers pass their own.
 *
 * @example
 * ```ts
 * const lookup: WebhookLookup = async () => [{ address: '127.0.0.1', family: 4 }];
 * ```
 */
export type WebhookLookup = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** The system resolver, as {@link WebhookLookup}. */
export const systemLookup: WebhookLookup = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

/**
 * The address to connect to for one POST, resolved now (a name that pointed outside at
 * subscription time may point inside today) and refused, as a whole, when any of its addresses
 * is special-purpose and that is not allowed. Plain `http:` may only reach loopback addresses.
 * `undefined` = do not connect.
 *
 * @example
 * ```ts
 * await resolveDestination(new URL('https://hooks.example.com/'), { allowPrivate: false, lookup: systemLookup });
 * ```
 */
export async function resolveDestination(
  url: URL,
  rules: { readonly allowPrivate: boolean; readonly lookup: WebhookLookup },
): Promise<ResolvedAddress | undefined> {
  const host = bareHost(url);
  const family = isIP(host);
  let addresses: readonly ResolvedAddress[];
  try {
    addresses = family === 0 ? await rules.lookup(host) : [{ address: host, family }];
  } catch {
    return undefined;
  }
  const [first] = addresses;
  if (first === undefined) return undefined;
  if (!rules.allowPrivate && addresses.some(({ address }) => isSpecialPurposeAddress(address))) {
    return undefined;
  }
  if (url.protocol === 'http:' && !addresses.every(({ address }) => isLoopbackAddress(address))) {
    return undefined;
  }
  return { address: first.address, family: isIP(first.address) || first.family };
}
