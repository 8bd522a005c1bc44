import { defineModule } from '@apcore-mcp/core';

/** Resolves when `signal` aborts (never otherwise). */
export function whenAborted(signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(signal.reason);
    else signal.addEventListener('abort', () => resolve(signal.reason), { once: true });
  });
}

/** A module that waits for its signal and records what it saw. */
export function createWaiter(
  seen: { signal?: AbortSignal; reason?: unknown; started?: () => void },
  timeoutMs?: number,
) {
  return defineModule({
    description: 'waits for its signal',
    inputSchema: {},
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    execute: async (_inputs, context) => {
      seen.signal = context.signal;
      seen.started?.();
      seen.reason = await whenAborted(context.signal);
      return { finished: true };
    },
  });
}
