import { toModuleFilter } from '@apcore-mcp/core/bridge';
import type { Server } from '@modelcontextprotocol/server';
import type { FeatureRuntime } from '../feature-api/feature-runtime.js';
import { EventHubSlot } from '../kernel/event-hub.js';
import type { Logger } from '../kernel/logger.js';
import type { ResolvedOptions } from '../options/serve-options.js';
import { ResourceSubscriptions } from '../protocol/resource-subscriptions.js';
import { ServerChangeHub } from '../protocol/server-change-hub.js';
import { openToolVisibility } from '../tools/open-tool-visibility.js';
import { ToolBuilder } from '../tools/tool-builder.js';
import { ToolTable } from '../tools/tool-table.js';
import type { ToolVisibility } from '../tools/tool-visibility.js';
import type { ToolTablePackages } from './load-tool-table-packages.js';
import type { ResolvedTarget } from './resolve-target.js';
import { openSharedState, type SharedState } from './shared-state.js';

/**
 * What a runtime is built on before its features open: the state the instances share, the
 * tool table and what each caller may see of it, and the set of live SDK
 * servers. The features get it (as a {@link FeatureRuntime}) when they open.
 *
 * @example
 * ```ts
 * const base = openRuntimeBase(target, resolved, logger, loaded);
 * const features = await openFeatures(resolved, logger, base.featureRuntime);
 * ```
 */
export interface RuntimeBase {
  readonly target: ResolvedTarget;
  readonly shared: SharedState;
  readonly tools: ToolTable;
  /** Set when callers see different tools (the executor has an ACL to ask). */
  readonly visibility: ToolVisibility | undefined;
  /** Every SDK server live right now; each leaves it when it closes. */
  readonly servers: Set<Server>;
  /** What each 2025-11-25 connection subscribed to (`maxSubscriptionsPerSession` each). */
  readonly subscriptions: ResourceSubscriptions;
  readonly featureRuntime: FeatureRuntime;
}

/**
 * Opens the base of a runtime.
 *
 * @example
 * ```ts
 * const base = openRuntimeBase(target, resolved, logger, loaded);
 * ```
 */
export function openRuntimeBase(
  target: ResolvedTarget,
  options: ResolvedOptions,
  logger: Logger,
  loaded: ToolTablePackages,
): RuntimeBase {
  const shared = openSharedState(options, logger);
  const { store, roundClaims } = shared;
  const tools = new ToolTable({
    registry: target.registry,
    builder: new ToolBuilder({
      logger,
      toolNames: options.toolNames,
      redactOutput: options.redactOutput,
    }),
    logger,
    grouping: options.grouping,
    encodeTable: loaded.encodeTable,
    ...toModuleFilter(options),
  });
  const visibility = openToolVisibility({
    executor: target.executor,
    tools,
    cacheHints: options.cacheHints,
    logger,
  });
  const servers = new Set<Server>();
  const subscriptions = new ResourceSubscriptions({
    maxPerSession: options.maxSubscriptionsPerSession,
  });
  const changes = new ServerChangeHub({ servers: () => servers, subscriptions, logger });
  const featureRuntime: FeatureRuntime = {
    registry: target.registry,
    executor: target.executor,
    tools,
    toolsFor: (identity) => visibility?.viewFor(identity) ?? tools,
    listsPerCaller: visibility !== undefined,
    // No prefix: it is a module id's, and an event type's name is not one.
    tagFilter: toModuleFilter({
      tags: options.tags,
      anyTags: options.anyTags,
      excludeTags: options.excludeTags,
    }),
    identity: options.identity,
    cacheHints: options.cacheHints,
    approvalAsksUser: options.approval === 'elicit',
    store,
    roundClaims,
    servers: () => servers,
    changes,
    events: new EventHubSlot(),
    deriveKey: shared.deriveKey,
  };
  return { target, shared, tools, visibility, servers, subscriptions, featureRuntime };
}
