import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIPv6 } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `fetch` that reaches every host name at `address`, as if DNS said so: a client can use a
 * public name (`http://mcp.example.test:8080/mcp`, the `Host` it sends) for a server on this
 * machine, as it would through a load balancer's DNS name.
 *
 * @example
 * ```ts
 * await connectClient({ era, transport: 'http', url: 'http://mcp.example.test:8080/mcp', fetch: fetchResolvingTo('127.0.0.1') });
 * ```
 */
export function fetchResolvingTo(address: string): typeof fetch {
  const family = isIPv6(address) ? 6 : 4;
  const lookup = (_hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    if (options.all === true) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const dispatcher = new Agent({ connect: { lookup } });
  return ((input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher,
    })) as unknown as typeof fetch;
}
