import { setMaxListeners } from 'node:events';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CALL_ARGUMENTS } from '../workload/trivial-handler.js';
import { CALLED_TOOL_NAME } from '../workload/workload-modules.js';

/**
 * The protocol revision a load speaks: `2025-11-25` with the 1.x SDK client (a session per
 * client), `2026-07-28` with the 2.x client pinned to it (no session: every call stands alone).
 */
export type LoadEra = '2025-11-25' | '2026-07-28';

/**
 * One connected load client: calls the workload's tool, and closes.
 *
 * @example
 * ```ts
 * const session = await openLoadSession(url, '2026-07-28');
 * const ok = await session.callOnce(5_000);
 * await session.close();
 * ```
 */
export interface LoadSession {
  /** One `tools/call` of the workload's tool; true when it was answered without an error. */
  callOnce(timeoutMs: number): Promise<boolean>;
  /** Ends the session on the server too, where there is one, so none pile up between loads. */
  close(): Promise<void>;
}

async function openLegacySession(url: string): Promise<LoadSession> {
  const transport = new StreamableHTTPClientTransport(new URL(url));
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport);
  // Every fetch of this client listens on one signal of the transport's, and fetch lets go of its
  // listener only when garbage is collected: a session shared by many callers passes Node's
  // warning limit (1,500) while nothing leaks. Without limit on that one signal, not everywhere.
  const { _abortController: sessionAbort } = transport as unknown as {
    _abortController?: AbortController;
  };
  if (sessionAbort !== undefined) setMaxListeners(0, sessionAbort.signal);
  return {
    async callOnce(timeoutMs) {
      const result = await client.callTool(
        { name: CALLED_TOOL_NAME, arguments: { ...CALL_ARGUMENTS } },
        undefined,
        {
          timeout: timeoutMs,
        },
      );
      return result.isError !== true;
    },
    async close() {
      try {
        await transport.terminateSession();
      } finally {
        await client.close();
      }
    },
  };
}

async function openModernSession(url: string): Promise<LoadSession> {
  const client = new ModernClient(
    { name: 'bench', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new ModernTransport(new URL(url)));
  return {
    async callOnce(timeoutMs) {
      const result = await client.callTool(
        { name: CALLED_TOOL_NAME, arguments: { ...CALL_ARGUMENTS } },
        { timeout: timeoutMs },
      );
      return result.isError !== true;
    },
    close: () => client.close(),
  };
}

/**
 * Connects one load client of the given era to the MCP endpoint at `url`.
 *
 * @example
 * ```ts
 * const session = await openLoadSession('http://127.0.0.1:8000/mcp', '2025-11-25');
 * ```
 */
export function openLoadSession(url: string, era: LoadEra): Promise<LoadSession> {
  return era === '2025-11-25' ? openLegacySession(url) : openModernSession(url);
}
