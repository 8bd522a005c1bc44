import type { IncomingMessage } from 'node:http';
import type { Identity } from '@apcore-mcp/core';

/**
 * Finds out who sends an HTTP request. Return `null` to refuse it (401); throwing refuses it too.
 *
 * @example
 * ```ts
 * const authenticate: Authenticate = (request) =>
 *   request.headers['x-api-key'] === 'secret' ? { id: 'cli-user' } : null;
 * ```
 */
export type Authenticate = (
  request: IncomingMessage,
) => Identity | null | undefined | Promise<Identity | null | undefined>;
