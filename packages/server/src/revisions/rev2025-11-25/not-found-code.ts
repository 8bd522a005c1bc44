import type { Server } from '@modelcontextprotocol/server';
import { LEGACY_RESOURCE_NOT_FOUND_CODE } from '../../kernel/resource-not-found-error.js';

// The SDK answers a missing resource -32602 in both revisions (it rewrites a thrown -32002 as
// it encodes the error), as 2026-07-28 requires; 2025-11-25 names -32002.

/** Per server: the ids of requests answered "resource not found" on a 2025-11-25 connection. */
const pending = new WeakMap<Server, Set<string | number>>();

/**
 * Remembers that the request `requestId` of `server` (a 2025-11-25 one) is being answered
 * "resource not found": {@link answerLegacyNotFoundWithItsCode} then sends that error with
 * -32002 instead of -32602.
 *
 * @example
 * ```ts
 * markLegacyNotFound(server, ctx.mcpReq.id);
 * throw new ResourceNotFoundError(uri);
 * ```
 */
export function markLegacyNotFound(server: Server, requestId: string | number): void {
  let ids = pending.get(server);
  if (ids === undefined) {
    ids = new Set();
    pending.set(server, ids);
  }
  ids.add(requestId);
}

/**
 * Has `server` send the errors {@link markLegacyNotFound} marked with the 2025-11-25 code,
 * -32002, the code that revision's clients (and its spec) expect: the transport it connects to
 * gets a `send` that changes that code on the way out, and nothing else.
 *
 * @example
 * ```ts
 * const server = new Server(info, options);
 * answerLegacyNotFoundWithItsCode(server);
 * ```
 */
export function answerLegacyNotFoundWithItsCode(server: Server): void {
  const connect = server.connect.bind(server);
  server.connect = (transport) => {
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      const ids = pending.get(server);
      const id = 'error' in message ? message.id : undefined;
      if (id !== undefined && ids?.delete(id) === true && 'error' in message) {
        const error = { ...message.error, code: LEGACY_RESOURCE_NOT_FOUND_CODE };
        return send({ ...message, error }, options);
      }
      return send(message, options);
    };
    return connect(transport);
  };
}
