import { randomUUID } from 'node:crypto';

/**
 * A new 2025-11-25 session id: random, led by the instance's id when it has one
 * (`a.0b6f...`), so that a load balancer routes each request of the session to the instance
 * holding it from the `Mcp-Session-Id` header alone, with no state of its own. Visible ASCII
 * only, as the spec asks of session ids.
 *
 * @example
 * ```ts
 * new NodeStreamableHTTPServerTransport({ sessionIdGenerator: () => mintSessionId('a') });
 * ```
 */
export function mintSessionId(instanceId: string | undefined): string {
  const random = randomUUID();
  return instanceId === undefined ? random : `${instanceId}.${random}`;
}
