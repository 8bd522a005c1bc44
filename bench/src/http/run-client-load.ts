import { type LoadEra, type LoadSession, openLoadSession } from './load-sessions.js';

/** What {@link runClientLoad} runs. */
export interface ClientLoad {
  /** The MCP endpoint. */
  url: string;
  /** The protocol revision the clients speak; 2025-11-25 (the 1.x SDK client) unless told. */
  era?: LoadEra;
  /** Opens each client instead of an SDK client of `era` (a task load's hand-framed client). */
  openSession?: (url: string) => Promise<LoadSession>;
  /** Concurrent clients, each with its own session unless `sharedSession`. */
  clients: number;
  /** All clients call through one session (one SDK client), as agents behind one gateway do. */
  sharedSession?: boolean;
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

/**
 * Runs a bounded load: `clients` SDK clients of `era` over Streamable HTTP, each in its own session,
 * connect (or the clients `openSession` opens; with `sharedSession`, one client whose session all
 * `clients` callers share); then all at once make `callsPerClient` sequential calls; then end
 * their sessions. Stops by itself: at the deadline no new call starts.
 *
 * @example
 * ```ts
 * const result = await runClientLoad({ url, clients: 10, callsPerClient: 100, deadlineMs: 30_000 });
 * ```
 */
export async function runClientLoad(load: ClientLoad): Promise<LoadResult> {
  const deadline = performance.now() + load.deadlineMs;
  const open = load.openSession ?? ((url) => openLoadSession(url, load.era ?? '2025-11-25'));
  const opened = await Promise.allSettled(
    Array.from({ length: load.sharedSession === true ? 1 : load.clients }, () => open(load.url)),
  );
  const sessions = opened.flatMap((outcome) =>
    outcome.status === 'fulfilled' ? [outcome.value] : [],
  );
  const callers =
    load.sharedSession === true && sessions[0] !== undefined
      ? Array.from({ length: load.clients }, () => sessions[0] as LoadSession)
      : sessions;
  let errors = (load.clients - callers.length) * load.callsPerClient;
  const latenciesMs: number[] = [];
  const callRepeatedly = async (session: LoadSession) => {
    for (let index = 0; index < load.callsPerClient; index += 1) {
      if (performance.now() > deadline) {
        errors += load.callsPerClient - index;
        return;
      }
      const started = performance.now();
      try {
        // No call outlives the deadline by more than a second.
        if (await session.callOnce(Math.max(1000, deadline - started))) {
          latenciesMs.push(performance.now() - started);
        } else errors += 1;
      } catch {
        errors += 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(callers.map(callRepeatedly));
  const durationMs = performance.now() - started;
  await Promise.allSettled(sessions.map((session) => session.close()));
  return { succeeded: latenciesMs.length, errors, durationMs, latenciesMs };
}
