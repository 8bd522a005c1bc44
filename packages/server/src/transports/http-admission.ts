import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Identity } from '@apcore-mcp/core';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { resolveIdentity, toAuthInfo } from '../kernel/call-extra.js';
import type { HttpAuthenticator } from '../kernel/http-authenticator.js';
import { sendJsonRpcError } from '../kernel/http-response.js';
import type { GuardChecks } from '../kernel/http-route.js';
import type { Logger } from '../kernel/logger.js';
import { checkRequest, type GuardPolicy } from './http-guard.js';

/** Who may use the MCP endpoints: the Host/Origin guard, then a feature's authentication. */
export interface AdmissionPolicy {
  guard: GuardPolicy;
  /** The authentication a feature gives (the `auth` feature's); none: no identity. */
  authenticator?: HttpAuthenticator | undefined;
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
 * The authentication step alone (also guards `/metrics` when the authenticator protects it).
 * The authenticator answers a refusal itself; `false` = refused.
 */
export async function authenticateRequest(
  request: IncomingMessage,
  response: ServerResponse,
  policy: AdmissionPolicy,
  endpointPath: string,
): Promise<boolean> {
  const identity = await policy.authenticator?.authenticate(request, response, endpointPath);
  if (identity === false) return false;
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
