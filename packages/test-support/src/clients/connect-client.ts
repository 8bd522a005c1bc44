import { connectLegacyClient } from './connect-legacy-client.js';
import { connectModernClient } from './connect-modern-client.js';
import type { ConnectClientOptions, McpClientHandle } from './types.js';

/**
 * Connects a test client of the given protocol era over stdio (spawning the server, tracked
 * and reaped), Streamable HTTP, or (2025-11-25 only) legacy SSE, and returns a handle that
 * looks the same for every combination, so one test body can run against all of them.
 *
 * @example
 * ```ts
 * for (const era of ['2025-11-25', '2026-07-28'] as const) {
 *   const client = await connectClient({ era, transport: 'http', url });
 *   try {
 *     expect(firstText(await client.callTool('echo', { text: 'hi' }))).toBe('hi');
 *   } finally {
 *     await client.close();
 *   }
 * }
 * ```
 */
export function connectClient(options: ConnectClientOptions): Promise<McpClientHandle> {
  return options.era === '2025-11-25' ? connectLegacyClient(options) : connectModernClient(options);
}
