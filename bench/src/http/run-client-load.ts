import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CALL_ARGUMENTS } from '../workload/trivial-handler.js';
import { CALLED_TOOL_NAME } from '../workload/workload-modules.js';

/** What {@link runClientLoad} runs. */
export interface ClientLoad {
  /** The MCP endpoint. */
  url: string;
  /** Concurrent clients, each with its own session. */
  clients: number;
  /** Calls each client makes, one after the other. */
  callsPerClient: number;
  /** Past this many milliseconds no call starts any more; the missing ones count as errors. */
  deadlineMs: number;
}

/** How a load went. */
export interface LoadResult {
  /** Calls answered as expected. */
  succeeded: number;
  /** Failed connections, failed or error results, calls cut by the deadline. */
  errors: number;
  /** From the first call to the last answer (connecting excluded). */
  durationMs: number;
  /** Round trip of every successful call. */
  latenciesMs: number[];
}

interface Session {
  client: Client;
  transport: StreamableHTTPClientTransport;
}

async function openSession(url: string): Promise<Session> {
  const transport = new StreamableHTTPClientTransport(new URL(url));
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}

/** Ends the session on the server too (DELETE), so sessions do not pile up between loads. */
async function closeSession(session: Session): Promise<void> {
  try {
    await session.transport.terminateSession();
  } finally {
    await session.client.close();
  }
}

/**
 * Runs a bounded load: `clients` SDK clients over Streamable HTTP, each in its own session,
 * connect; then all at once make `callsPerClient` sequential `tools/call`s; then end their
 * sessions. Stops by itself: at the deadline no new call starts.
 *
 * @example
 * ```ts
 * const result = await runClientLoad({ url, clients: 10, callsPerClient: 100, deadlineMs: 30_000 });
 * ```
 */
export async function runClientLoad(load: ClientLoad): Promise<LoadResult> {
  const deadline = performance.now() + load.deadlineMs;
  const opened = await Promise.allSettled(
    Array.from({ length: load.clients }, () => openSession(load.url)),
  );
  const sessions = opened.flatMap((outcome) =>
    outcome.status === 'fulfilled' ? [outcome.value] : [],
  );
  let errors = (load.clients - sessions.length) * load.callsPerClient;
  const latenciesMs: number[] = [];
  const callRepeatedly = async ({ client }: Session) => {
    for (let index = 0; index < load.callsPerClient; index += 1) {
      if (performance.now() > deadline) {
        errors += load.callsPerClient - index;
        return;
      }
      const started = performance.now();
      try {
        const result = await client.callTool(
          { name: CALLED_TOOL_NAME, arguments: { ...CALL_ARGUMENTS } },
          undefined,
          // No call outlives the deadline by more than a second.
          { timeout: Math.max(1000, deadline - started) },
        );
        if (result.isError === true) errors += 1;
        else latenciesMs.push(performance.now() - started);
      } catch {
        errors += 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(sessions.map(callRepeatedly));
  const durationMs = performance.now() - started;
  await Promise.allSettled(sessions.map(closeSession));
  return { succeeded: latenciesMs.length, errors, durationMs, latenciesMs };
}
