import type { Identity } from '@apcore-mcp/core';
import type { ExecutorLike, ModuleFilter, RegistryLike } from '@apcore-mcp/core/bridge';
import type { Server } from '@modelcontextprotocol/server';
import type { CacheHints } from '../kernel/cache-hints.js';
import type { EventHubSlot } from '../kernel/event-hub.js';
import type { ToolsFor } from '../kernel/served-tool.js';
import type { ServerChangeHub } from '../protocol/server-change-hub.js';
import type { LimitStore } from '../store/limit-store.js';
import type { RoundClaims } from '../store/round-claims.js';
import type { ToolTable } from '../tools/tool-table.js';

/**
 * What the runtime shares with a feature when the feature opens: the registry and executor it
 * serves, the tool table every feature reads, what each caller may see of it, the store the
 * instances behind one endpoint share, the live SDK servers (to notify their clients), and
 * the seat of the event hub.
 *
 * @example
 * ```ts
 * const opened = feature.open?.(options, frame, runtime);
 * ```
 */
export interface FeatureRuntime {
  readonly registry: RegistryLike;
  readonly executor: ExecutorLike;
  /** The served tools; follows the registry under `dynamic`. */
  readonly tools: ToolTable;
  /** What each caller may see of the tools (all of them without an ACL). */
  readonly toolsFor: ToolsFor;
  /** Whether callers see different tools (the executor has an ACL to ask). */
  readonly listsPerCaller: boolean;
  /**
   * The tag parts of the tool filter (`tags`, `anyTags`, `excludeTags`): what other
   * definitions carrying tags (event types) must pass to be shown, judged with
   * `matchesModuleFilter` as modules are.
   */
  readonly tagFilter: ModuleFilter;
  /** The caller when a request carries none (the `identity` option). */
  readonly identity: Identity | undefined;
  /** `ttlMs` / `cacheScope` of list and read results (the `cacheHints` option). */
  readonly cacheHints: CacheHints | undefined;
  /** Whether a module that requires approval asks the user (the `approval` option is `elicit`). */
  readonly approvalAsksUser: boolean;
  /** Limits, budgets and round claims: shared by the instances behind one endpoint. */
  readonly store: LimitStore;
  /** Where each answered 2026-07-28 round is claimed once. */
  readonly roundClaims: RoundClaims;
  /** The SDK servers (connections, sessions) live right now. */
  readonly servers: () => Iterable<Server>;
  /** Where a change of what a feature serves (a list, a resource) is told to every client. */
  readonly changes: ServerChangeHub;
  /**
   * Where events are emitted: the events feature attaches its hub; others (tasks) define their
   * built-in types and emit through it.
   */
  readonly events: EventHubSlot;
  /**
   * A 32-byte key for `purpose` (`'events-cursor'`), derived from the `stateKey`: the same on
   * every instance that shares the state key, different for each purpose.
   */
  readonly deriveKey: (purpose: string) => Uint8Array;
}
