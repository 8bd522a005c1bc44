import type { EmittedEvent, Identity } from '@apcore-mcp/core';
import type { Server } from '@modelcontextprotocol/server';
import type { ExecutionRouter } from '../calls/execution-router.js';
import type { FeatureRuntime } from '../feature-api/feature-runtime.js';
import type { StartedRuntime } from '../feature-api/server-feature.js';
import type { EventHubSlot, HubEmitOptions } from '../kernel/event-hub.js';
import type { Logger } from '../kernel/logger.js';
import type { McpTool } from '../kernel/mcp-tool.js';
import { moduleNotServed, type NotServedEntry } from '../kernel/not-served.js';
import type { SdkServerFactory } from '../kernel/sdk-server-factory.js';
import type { ToolsFor } from '../kernel/served-tool.js';
import type { ResolvedOptions } from '../options/serve-options.js';
import { sdkServerFactory } from '../protocol/create-sdk-server.js';
import type { McpSurfaceOptions } from '../protocol/mcp-surface-options.js';
import type { ResourceSubscriptions } from '../protocol/resource-subscriptions.js';
import type { ServerChangeHub } from '../protocol/server-change-hub.js';
import { ToolFront } from '../protocol/tool-front.js';
import type { RequestPipeline } from '../requests/request-pipeline.js';
import { warnAboutClientLimits } from '../tools/client-limits.js';
import { warnAboutParamHeaders } from '../tools/param-headers.js';
import type { ToolTable } from '../tools/tool-table.js';
import type { RuntimeHealth } from '../transports/observability-routes.js';
import type { OpenedFeatures } from './opened-features.js';
import type { RuntimeBase } from './runtime-base.js';
import { createRuntimeRequests, createRuntimeRouter } from './runtime-router.js';
import { closeStore, type SharedState } from './shared-state.js';
import { ToolListBroadcast } from './tool-list-broadcast.js';

/**
 * Everything one served registry shares across its connections: the tool table (a
 * {@link ToolTable}), the router, the resources, and the set of live SDK servers that
 * hear about tool changes. Each connection or session gets its own SDK `Server` from
 * {@link ServerRuntime.createServer}.
 */
export class ServerRuntime {
  /** The served tools; follows the registry under `dynamic`. */
  readonly tools: ToolTable;
  readonly router: ExecutionRouter;
  readonly requests: RequestPipeline; // every request but tool calls (the router's)
  readonly #options: ResolvedOptions;
  /** Where the server logs. */
  readonly logger: Logger;
  /** Where a change of what the features serve is told to every client. */
  readonly changes: ServerChangeHub;
  /** What each 2025-11-25 connection subscribed to. */
  readonly #subscriptions: ResourceSubscriptions;
  /** What clients see of the tools: the list and the calls (tool search or not). */
  readonly front: ToolFront;
  /** What each caller may see of the tools (all of them without an ACL). */
  readonly toolsFor: ToolsFor;
  /** Where events are emitted (the events feature's hub, once attached). */
  readonly events: EventHubSlot;

  /** The caller when a request carries none (the `identity` option). */
  get identity(): Identity | undefined {
    return this.#options.identity;
  }
  /** Whether callers see different tools (the executor has an ACL to ask). */
  readonly listsPerCaller: boolean;
  readonly #servers: Set<Server>;
  /** Builds the servers of {@link createServer}; made at the first, once the features opened. */
  #newServer: SdkServerFactory | undefined;
  readonly #toolList: ToolListBroadcast;
  readonly #startedAt = performance.now();
  /** Signs the `requestState` of 2026-07-28 input rounds and claims each answered round once. */
  readonly #shared: SharedState;
  /** The features the options turned on, opened, and what they add to the frame. */
  readonly features: OpenedFeatures;
  /** What the features opened on; they start on it once the tools are loaded. */
  readonly #featureRuntime: FeatureRuntime;
  #unsubscribe: (() => void) | undefined;

  /**
   * `base`: what the features opened on (`openRuntimeBase`); `opened`: the features.
   */
  constructor(options: ResolvedOptions, logger: Logger, base: RuntimeBase, opened: OpenedFeatures) {
    const { target, shared, tools, visibility, featureRuntime } = base;
    this.#options = options;
    this.logger = logger;
    this.#servers = base.servers;
    this.#toolList = new ToolListBroadcast(() => this.#servers, logger);
    this.#shared = shared;
    const { roundClaims } = shared;
    this.tools = tools;
    this.toolsFor = featureRuntime.toolsFor;
    this.features = opened;
    const { toolsFor } = this;
    const parts = { target, options, visibility, roundClaims, logger };
    this.events = featureRuntime.events;
    this.router = createRuntimeRouter({
      ...parts,
      tools,
      toolsFor,
      features: opened.callSteps(),
      events: this.events,
    });
    this.requests = createRuntimeRequests({
      ...parts,
      router: this.router,
      features: opened.requestSteps(),
    });
    this.#featureRuntime = featureRuntime;
    const listedTools = opened.listedTools;
    this.front = new ToolFront({ tools: this.tools, router: this.router, listedTools });
    this.listsPerCaller = featureRuntime.listsPerCaller;
    this.changes = featureRuntime.changes;
    this.#subscriptions = base.subscriptions;
  }

  /**
   * Builds the tool table; warns when it is empty, beyond what common clients take, or has a
   * tool whose `x-mcp-header` clients refuse. With `dynamic`, follows the registry.
   *
   * @throws {ToolNameCollisionError} when two modules would get the same tool name.
   */
  load(): void {
    this.tools.refresh();
    if (this.tools.size === 0) {
      this.logger.warn('No modules registered; server starting with zero tools');
    }
    // Once the table is built: what features run outside requests may use its tools.
    this.features.start(this.#startedRuntime());
    this.#warnAboutClientLimits(this.tools.list().map((served) => served.tool.name));
    warnAboutParamHeaders(this.tools.list(), this.logger);
    if (this.#options.dynamic) {
      this.tools.start();
      this.#unsubscribe = this.tools.onChange((change) => {
        if (change.type === 'added') this.#warnAboutClientLimits([change.name]);
        if (change.type !== 'removed') {
          warnAboutParamHeaders(this.tools.list(), this.logger, change.name);
        }
        this.broadcastToolListChanged();
      });
    }
  }

  #warnAboutClientLimits(toolNames: readonly string[]): void {
    // A feature listing its own tools (tool search's two) shows clients none of these.
    if (!this.front.listsServedTools) return;
    warnAboutClientLimits({
      toolNames,
      toolCount: this.tools.size,
      serverName: this.#options.name,
      logger: this.logger,
    });
  }

  /**
   * Closes what the features hold (a task engine, cancelling the tasks it still runs here; the
   * ledger, written out after the last call has answered), then the store; never rejects.
   */
  async closeState(): Promise<void> {
    await this.features.close(this.logger);
    await closeStore(this.#shared, this.logger);
  }

  /** Stops following the registry. */
  unload(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.tools.stop();
    this.features.stop();
  }

  /** What this runtime serves, as every host installs it (see `createMcpSurface`). */
  surfaceOptions(): McpSurfaceOptions {
    return {
      tools: this.front,
      requests: this.requests,
      subscriptions: this.#subscriptions,
      maxResourceUriLength: this.#options.maxResourceUriLength,
      logger: this.logger,
      listChanged: this.#options.dynamic,
      cacheHints: this.#options.cacheHints,
      requestState: this.#shared.stateCodec,
      roundClaims: this.#shared.roundClaims,
      ...(this.listsPerCaller ? { toolsFor: this.toolsFor } : {}),
      identity: this.#options.identity,
      parts: this.features.surfaceParts,
    };
  }

  /** A new SDK server of the runtime's surface; tracked until it closes. */
  readonly createServer: SdkServerFactory = (method) => {
    if (this.#newServer === undefined) {
      const { name, version } = this.#options;
      this.#newServer = sdkServerFactory({ name, version, ...this.surfaceOptions() });
    }
    const server = this.#newServer(method);
    this.#servers.add(server);
    server.onclose = () => this.#servers.delete(server);
    return server;
  };

  /** What is given but not served now, and why: bad modules, taken names, bad definitions. */
  notServed(): NotServedEntry[] {
    return [...this.tools.skipped().map(moduleNotServed), ...this.features.notServed()];
  }

  /** The MCP definitions of the tools served right now. */
  get toolDefinitions(): McpTool[] {
    return this.tools.list().map((served) => served.tool);
  }

  /**
   * The application said what it defines changed: each feature re-reads its live sources and
   * tells clients of each list that changed; never throws.
   */
  definitionsChanged(): void {
    this.features.definitionsChanged();
  }

  /**
   * Emits an event from application code (the hosts' `emit`): checked and stored as a module's
   * `emit` is.
   */
  readonly emit = (
    name: string,
    data: Record<string, unknown>,
    options?: HubEmitOptions,
  ): Promise<EmittedEvent> => this.events.emit(name, data, options);

  /** How many SDK servers (connections, sessions) are live. */
  get liveServers(): number {
    return this.#servers.size;
  }

  /**
   * Calls `listener` whenever the tool list changes (the 2026-07-28 HTTP handler publishes it
   * to its `subscriptions/listen` streams); returns the unsubscribe function.
   */
  get onToolListChanged(): ToolListBroadcast['listen'] {
    return this.#toolList.listen;
  }

  /** Sends `notifications/tools/list_changed` everywhere (see {@link ToolListBroadcast}). */
  broadcastToolListChanged(): void {
    this.#toolList.send();
  }

  /** What a feature may use once the router runs calls. */
  #startedRuntime(): StartedRuntime {
    return {
      ...this.#featureRuntime,
      router: this.router,
      toolListChanged: () => this.broadcastToolListChanged(),
    };
  }

  /** The body of `GET /health`, but for the sessions the HTTP handler counts. */
  readonly health: RuntimeHealth = () => ({
    status: 'ok',
    moduleCount: this.tools.size,
    tools: this.tools.size,
    uptimeSeconds: Math.round(performance.now() - this.#startedAt) / 1000,
    inFlight: this.router.activeCalls,
  });

  /**
   * Before a host serving clients itself (`serve`, `startServer`, `createMcpHandler`) takes the
   * first request: the features start what only such a server needs (the metrics), and the
   * observer one of them gives hears every answered call and request from then on.
   *
   * @throws what a feature's `startServing` throws (a `MissingPackageError`, say).
   */
  async startServing(): Promise<void> {
    const runtime = this.#startedRuntime();
    const observer = await this.features.startServing(runtime);
    if (observer === undefined) return;
    this.router.observer = observer;
    this.requests.observer = observer;
  }
}
