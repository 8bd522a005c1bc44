import type { Server, ServerCapabilities } from '@modelcontextprotocol/server';

type Capability = Record<string, unknown>;

/**
 * What to register on a host server to serve `ours` beside its own: each capability of ours,
 * and for one the host already declares, its flags (`listChanged`, `subscribe`) on when either
 * side needs them, the host's other settings kept.
 *
 * @example
 * ```ts
 * host.registerCapabilities(widenCapabilities(host.getCapabilities(), surface.capabilities));
 * ```
 */
export function widenCapabilities(
  theirs: ServerCapabilities,
  ours: ServerCapabilities,
): ServerCapabilities {
  const widened: Record<string, Capability> = {};
  for (const [key, value] of Object.entries(ours) as [string, Capability | undefined][]) {
    if (value === undefined) continue;
    const their = (theirs as Record<string, Capability | undefined>)[key];
    if (their === undefined) {
      widened[key] = value;
      continue;
    }
    const merged: Capability = { ...value, ...their };
    for (const [flag, on] of Object.entries(value)) {
      if (on === true) merged[flag] = true;
    }
    widened[key] = merged;
  }
  return widened as ServerCapabilities;
}

/**
 * Gives `server` back the capabilities it had (`before`), as far as the SDK lets while it is not
 * connected: each capability it had is put back as it was (a flag we added is unset); one it did
 * not have stays declared (the SDK has no way to withdraw one), its methods answered as before
 * attaching (-32601).
 *
 * @example
 * ```ts
 * restoreCapabilities(host, before);
 * ```
 */
export function restoreCapabilities(server: Server, before: ServerCapabilities): void {
  if (server.transport !== undefined) return;
  const now = server.getCapabilities() as Record<string, Capability | undefined>;
  const restored: Record<string, Capability> = {};
  for (const [key, value] of Object.entries(before) as [string, Capability | undefined][]) {
    if (value === undefined) continue;
    // The SDK merges one level deep: an undefined member unsets what we added.
    const unset = Object.fromEntries(Object.keys(now[key] ?? {}).map((flag) => [flag, undefined]));
    restored[key] = { ...unset, ...value };
  }
  server.registerCapabilities(restored as ServerCapabilities);
}
