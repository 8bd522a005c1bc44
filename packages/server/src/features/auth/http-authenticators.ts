import type { IncomingMessage } from 'node:http';
import type { Identity } from '@apcore-mcp/core';
import type { HttpAuthenticator } from '../../kernel/http-authenticator.js';
import { sendJsonRpcError } from '../../kernel/http-response.js';
import type { Logger } from '../../kernel/logger.js';
import type { Authenticate } from './authenticate.js';
import type { BearerAuth } from './bearer-auth.js';

/**
 * The bearer check of the `auth` option as the HTTP side's authentication: a refused token is
 * answered 401/403 with its `WWW-Authenticate` challenge. The token is never logged nor echoed.
 * `GET /metrics` is checked too under `auth.protectMetrics`.
 *
 * @example
 * ```ts
 * const authenticator = bearerAuthenticator(createBearerAuth(resolved, logger));
 * ```
 */
export function bearerAuthenticator(bearer: BearerAuth): HttpAuthenticator {
  return {
    protectsMetrics: bearer.options.protectMetrics,
    authenticate: async (request, response, endpointPath) => {
      const decision = await bearer.authorize(request, endpointPath);
      if (decision.ok) return decision.identity;
      sendJsonRpcError(response, decision.status, decision.message, {
        'www-authenticate': decision.challenge,
      });
      return false;
    },
  };
}

/**
 * The `authenticate` option as the HTTP side's authentication: no caller (or a function that
 * throws, logged) is answered 401. `GET /metrics` stays open.
 *
 * @example
 * ```ts
 * const authenticator = customAuthenticator((request) => lookUp(request.headers['x-api-key']), logger);
 * ```
 */
export function customAuthenticator(authenticate: Authenticate, logger: Logger): HttpAuthenticator {
  return {
    protectsMetrics: false,
    authenticate: async (request, response) => {
      const identity = await runAuthenticate(authenticate, request, logger);
      if (identity) return identity;
      sendJsonRpcError(response, 401, 'Unauthorized');
      return false;
    },
  };
}

async function runAuthenticate(
  authenticate: Authenticate,
  request: IncomingMessage,
  logger: Logger,
): Promise<Identity | null | undefined> {
  try {
    return await authenticate(request);
  } catch (error) {
    logger.warn({ err: error }, 'authenticate() failed; request refused');
    return null;
  }
}
