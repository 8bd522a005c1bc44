import type { IncomingMessage } from 'node:http';
import {
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  validateHostHeader,
} from '@modelcontextprotocol/server';
import type { GuardChecks } from '../kernel/http-route.js';
import { isLoopbackAddress } from '../kernel/loopback-address.js';

/** The `Host` names a loopback-bound server accepts by default (the SDK's list). */
export const LOOPBACK_HOST_NAMES: readonly string[] = Object.freeze(localhostAllowedHostnames());

/**
 * The host names of the `Origin`s a server accepts by default, over http(s) only. The SDK's
 * `originValidationResponse` would take the same names over any scheme (`file://localhost`)
 * and only host names in a given list, where `allowedOrigins` lists exact origins.
 */
const LOOPBACK_ORIGIN_HOSTS = new Set(localhostAllowedOrigins());

/** Which requests may reach the MCP endpoints. */
export interface GuardPolicy {
  /** Exact origins, `'*'`, or `undefined` for "loopback origins only". */
  allowedOrigins: readonly string[] | '*' | undefined;
  /**
   * Accepted `Host` values, `'*'` for no check, or `'auto'`: loopback names for connections that
   * arrived on a loopback address, no check otherwise.
   */
  allowedHosts: readonly string[] | '*' | 'auto';
  /** The `cors` option's origins: allowed too, on top of `allowedOrigins` (or the loopback default). */
  corsOrigins?: readonly string[] | undefined;
}

/** Why a request was refused: the HTTP status and a message for the body. */
export interface GuardRefusal {
  status: number;
  message: string;
}

/**
 * Checks `Origin` and `Host` before anything is read or executed. A request without `Origin`
 * (a non-browser client) passes the origin check; a browser page on another origin, or a
 * DNS-rebound name pointing at this server, does not.
 */
export function checkRequest(
  request: IncomingMessage,
  policy: GuardPolicy,
  checks: GuardChecks = {},
): GuardRefusal | undefined {
  const host = request.headers.host;
  if (!isHostAllowed(host, resolveHostList(request, policy.allowedHosts))) {
    return { status: 403, message: `Forbidden: Host not allowed: ${host ?? '(none)'}` };
  }
  if (checks.origin === false) return undefined;
  const origin = request.headers.origin;
  const corsAllowed = origin !== undefined && policy.corsOrigins?.includes(origin) === true;
  if (!corsAllowed && !isOriginAllowed(origin, policy.allowedOrigins)) {
    return { status: 403, message: `Forbidden: Origin not allowed: ${origin}` };
  }
  return undefined;
}

/** Whether an `Origin` header value may use the MCP endpoints. */
export function isOriginAllowed(
  origin: string | undefined,
  allowed: readonly string[] | '*' | undefined,
): boolean {
  if (origin === undefined || allowed === '*') return true;
  if (allowed !== undefined) return allowed.includes(origin);
  try {
    const url = new URL(origin);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      LOOPBACK_ORIGIN_HOSTS.has(url.hostname)
    );
  } catch {
    return false;
  }
}

/**
 * Whether a `Host` header matches the list: a `name:port` entry that exact `Host`, a name
 * alone any port of it (the SDK's `validateHostHeader`, which parses the header as a URL).
 */
export function isHostAllowed(host: string | undefined, allowed: readonly string[] | '*'): boolean {
  if (allowed === '*') return true;
  if (host === undefined || host === '') return false;
  return allowed.includes(host.toLowerCase()) || validateHostHeader(host, [...allowed]).ok;
}

function resolveHostList(
  request: IncomingMessage,
  allowed: GuardPolicy['allowedHosts'],
): readonly string[] | '*' {
  if (allowed !== 'auto') return allowed;
  return isLoopbackAddress(request.socket.localAddress) ? LOOPBACK_HOST_NAMES : '*';
}
