import type { IncomingMessage } from 'node:http';
import type { Identity } from '@apcore-mcp/core';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { AUTH_IDENTITY_KEY } from '../kernel/call-extra.js';
import type { Logger } from '../kernel/logger.js';

/**
 * Who opened a session: the authenticated subject of the request that opened it (its identity's
 * type and id), or `undefined` on a server without authentication.
 *
 * @example
 * ```ts
 * const owner: SessionOwner = sessionOwnerOf(request);
 * ```
 */
export type SessionOwner = string | undefined;

/**
 * The subject a request was admitted as: what a session it opens is bound to. Roles and other
 * claims are left out, so the same caller with a refreshed token keeps its session.
 *
 * @example
 * ```ts
 * const owner = sessionOwnerOf(request); // '["user","alice"]'
 * ```
 */
export function sessionOwnerOf(request: IncomingMessage): SessionOwner {
  const auth = (request as IncomingMessage & { auth?: AuthInfo }).auth;
  const identity = auth?.extra?.[AUTH_IDENTITY_KEY] as Identity | undefined;
  if (typeof identity?.id !== 'string') return undefined;
  return JSON.stringify([identity.type ?? null, identity.id]);
}

/**
 * Whether `request` may use a session opened by `owner`. Another subject may not: it is told
 * the session does not exist, and a warning without the session id (a credential) is logged.
 *
 * @example
 * ```ts
 * if (!mayUseSession(request, session.owner, logger)) return sendSessionNotFound(response);
 * ```
 */
export function mayUseSession(
  request: IncomingMessage,
  owner: SessionOwner,
  logger: Logger,
): boolean {
  if (sessionOwnerOf(request) === owner) return true;
  logger.warn(
    { method: request.method },
    'Refused a request on a session another subject opened; answered as if it did not exist',
  );
  return false;
}
