import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Identity } from '@apcore-mcp/core';
import type { AuthInfo } from '@modelcontextprotocol/server';
import type { Authenticate } from '../auth/authenticate.js';
import type { BearerAuth } from '../auth/bearer-auth.js';
import { resolveIdentity, toAuthInfo } from '../kernel/call-extra.js';
import { sendJsonRpcError } from '../kernel/http-response.js';
import type { GuardChecks } from '../kernel/http-route.js';
import type { Logger } from '../kernel/logger.js';
import { checkRequest, type GuardPolicy } from './http-guard.js';

/** Who may use the MCP endpoints: the Host/Origin guard, then one way to authenticate. */
export interface AdmissionPolicy {
  guard: GuardPolicy;
  /** The custom check of the `authenticate` option. */
  authenticate?: Authenticate | undefined;
  /** The bearer token check of the `auth` option. */
  bearer?: BearerAuth | undefined;
  logger: Logger;
}

/**
 * Host/Origin checks, then authentication; on success the identity is attached to the request
 * (`request.auth`, which the SDK hands every handler of it as `authInfo`, in both protocol
 * revisions and over SSE). Answers the refusal itself; `false` = refused.
 */
export async function admit(
  request: IncomingMessage,
  response: ServerResponse,
  policy: AdmissionPolicy,
  endpointPath: string,
): Promise<boolean> {
  if (!passGuard(request, response, policy, 'HTTP request')) return false;
  return authenticateRequest(request, response, policy, endpointPath);
}

/**
 * The Host/Origin checks alone, for every route but `/health`: a refused request is answered
 * (403) and logged as a refused `what`; `false` = refused.
 *
 * @example
 * ```ts
 * if (!passGuard(request, response, { guard, logger }, '/metrics')) return true;
 * ```
 */
export function passGuard(
  request: IncomingMessage,
  response: ServerResponse,
  policy: Pick<AdmissionPolicy, 'guard' | 'logger'>,
  what: string,
  checks?: GuardChecks,
): boolean {
  const refusal = checkRequest(request, policy.guard, checks);
  if (refusal === undefined) return true;
  policy.logger.warn(
    { host: request.headers.host, origin: request.headers.origin },
    `Refused ${what}: ${refusal.message}`,
  );
  sendJsonRpcError(response, refusal.status, refusal.message);
  return false;
}

/**
 * The authentication step alone (also guards `/metrics` under `auth.protectMetrics`). Answers
 * the refusal itself (401/403 with the bearer challenge); `false` = refused. The token is never
 * logged nor echoed.
 */
export async function authenticateRequest(
  request: IncomingMessage,
  response: ServerResponse,
  policy: AdmissionPolicy,
  endpointPath: string,
): Promise<boolean> {
  let identity: Identity | null | undefined;
  if (policy.bearer !== undefined) {
    const decision = await policy.bearer.authorize(request, endpointPath);
    if (!decision.ok) {
      sendJsonRpcError(response, decision.status, decision.message, {
        'www-authenticate': decision.challenge,
      });
      return false;
    }
    identity = decision.identity;
  } else if (policy.authenticate !== undefined) {
    identity = await runAuthenticate(request, policy);
    if (!identity) {
      sendJsonRpcError(response, 401, 'Unauthorized');
      return false;
    }
  }
  // The SDK hands `request.auth` to every request handler as `extra.authInfo`.
  if (identity) (request as IncomingMessage & { auth?: unknown }).auth = toAuthInfo(identity);
  return true;
}

/**
 * The identity {@link admit} attached to `request`; `undefined` when it has none (no
 * authentication configured).
 *
 * @example
 * ```ts
 * if (await admit(request, response, policy, path)) report(readAdmittedIdentity(request));
 * ```
 */
export function readAdmittedIdentity(request: IncomingMessage): Identity | undefined {
  const { auth } = request as IncomingMessage & { auth?: AuthInfo };
  return auth === undefined ? undefined : resolveIdentity({ authInfo: auth }, undefined);
}

async function runAuthenticate(
  request: IncomingMessage,
  policy: AdmissionPolicy,
): Promise<Identity | null | undefined> {
  try {
    return await policy.authenticate?.(request);
  } catch (error) {
    policy.logger.warn({ err: error }, 'authenticate() failed; request refused');
    return null;
  }
}
