import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Identity } from '@apcore-mcp/core';

/**
 * How the HTTP side learns who makes a request, once it passed the Host/Origin checks: the
 * authentication step of every MCP request, and of the routes admitted as MCP requests are
 * (`GET /usage`). A feature gives it (the `auth` feature: bearer JWTs or the `authenticate`
 * function); without one, requests carry no identity.
 *
 * @example
 * ```ts
 * const authenticator: HttpAuthenticator = {
 *   protectsMetrics: false,
 *   authenticate: async (request, response) => {
 *     if (request.headers['x-api-key'] === key) return { id: 'ops' };
 *     response.writeHead(401).end();
 *     return false;
 *   },
 * };
 * ```
 */
export interface HttpAuthenticator {
  /**
   * The caller of `request` (`undefined`: none, and none needed), or `false` once it answered
   * the refusal itself (401/403 with its challenge). `endpointPath` is the resource the endpoint
   * is (`path`, or `/sse`). Never logs nor echoes a credential.
   */
  authenticate(
    request: IncomingMessage,
    response: ServerResponse,
    endpointPath: string,
  ): Promise<Identity | undefined | false>;
  /** Whether `GET /metrics` must authenticate too (scrapers usually carry no credentials). */
  readonly protectsMetrics: boolean;
}
