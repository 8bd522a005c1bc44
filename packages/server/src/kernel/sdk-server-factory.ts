import type { Server } from '@modelcontextprotocol/server';

/**
 * Builds an SDK server over the served tools: with `method`, one that answers that method
 * alone (a 2026-07-28 request's own server, which answers that one request and is gone);
 * without, one that answers every method (a connection's, a session's).
 *
 * @example
 * ```ts
 * const perRequest = createServer('tools/call');
 * const perSession = createServer();
 * ```
 */
export type SdkServerFactory = (method?: string) => Server;
