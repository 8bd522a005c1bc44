import type { TaskEngine } from '@apcore-mcp/core';
import { type Identity, toModuleFilter } from '@apcore-mcp/core';
import type { Server } from '@modelcontextprotocol/server';
import type { ExecutionRouter } from '../calls/execution-router.js';
import type { Logger } from '../kernel/logger.js';
import type { McpTool } from '../kernel/mcp-tool.js';
import { moduleNotServed, type NotServedEntry } from '../kernel/not-served.js';
import type { ToolsFor } from '../kernel/served-tool.js';
import { loadServerMetrics, type ServerMetrics } from '../metrics/server-metrics.js';
import type { ResolvedOptions } from '../options/serve-options.js';
import { createSdkServer } from '../protocol/create-sdk-server.js';
import type { McpSurfaceOptions } from '../protocol/mcp-surface-options.js';
import { ToolFront } from '../protocol/tool-front.js';
import type { RequestPipeline } from '../requests/request-pipeline.js';
import { AppResources } from '../resources/app-resources.js';
import { DocumentationResources } from '../resources/documentation-resources.js';
import { openToolSearch, warnAboutShadowedTools } from '../search/open-tool-search.js';
import type { ToolSearch } from '../search/tool-search.js';
import { openTaskEngine, startTaskEngine } from '../tasks/open-task-engine.js';
import { warnAboutClientLimits } from '../tools/client-limits.js';
import { openToolVisibility } from '../tools/open-tool-visibility.js';
import { warnAboutParamHeaders } from '../tools/param-headers.js';
import { ToolBuilder } from '../tools/tool-builder.js';
import type { ToolTable } from '../tools/tool-table.js';
import type { RuntimeHealth } from '../transports/observability-routes.js';
import type { ServerFeatures } from './load-server-features.js';
import type { OpenedFeatures } from './opened-features.js';
import type { ResolvedTarget } from './resolve-target.js';
import type { RuntimeBase } from './runtime-base.js';
import { createRuntimeRequests, createRuntimeRouter } from './runtime-router.js';
import { ServedDefinitions } from './served-definitions.js';
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
  /** The documentation resources of the served modules. */
  readonly resources: DocumentationResources;
  /** The UIs of the served modules (MCP Apps `ui://` resources). */
  readonly apps: AppResources;
  /** The resources, templates and prompts declared beside the modules, and their updates. */
  readonly definitions: ServedDefinitions;
  /** What clients see of the tools: the list and the calls (tool search or not). */
  readonly front: ToolFront;
  /** What each caller may see of the tools (all of them without an ACL). */
  readonly toolsFor: ToolsFor;

  /** The caller when a request carries none (the `identity` option). */
  get identity(): Identity | undefined {
    return this.#options.identity;
  }
  /** Whether callers see different tools (the executor has an ACL to ask). */
  readonly listsPerCaller: boolean;
  readonly #servers: Set<Server>;
  readonly #toolList: ToolListBroadcast;
  readonly #startedAt = performance.now();
  /** Where the calls that become MCP tasks live and run. */
  readonly tasks: TaskEngine;
  /** Signs the `requestState` of 2026-07-28 input rounds and claims each answered round once. */
  readonly #shared: SharedState;
  /** With `toolSearch`: what `tools/list` shows and `search_tools`/`call_tool` answer. */
  readonly #toolSearch: ToolSearch | undefined;
  /** The features the options turned on, opened, and what they add to the frame. */
  readonly features: OpenedFeatures;
  #unsubscribe: (() => void) | undefined;

  /**
   * `loaded`: what the options need of optional packages (`loadServerFeatures`); `base`: what
   * the features opened on (`openRuntimeBase`); `opened`: the features.
   */
  constructor(
    options: ResolvedOptions,
    logger: Logger,
    loaded: ServerFeatures,
    base: RuntimeBase,
    opened: OpenedFeatures,
  ) {
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
    this.tasks = openTaskEngine(options, logger);
    const { toolsFor, tasks } = this;
    const toolSearch = this.#openToolSearch(options, loaded);
    this.#toolSearch = toolSearch;
    const parts = { target, options, visibility, roundClaims, tasks, logger };
    const features = { steps: opened.callSteps(), guard: opened.callGuard };
    this.router = createRuntimeRouter({ ...parts, tools, toolsFor, toolSearch, features });
    this.requests = createRuntimeRequests({
      ...parts,
      router: this.router,
      features: opened.requestSteps(),
    });
    startTaskEngine(this.tasks, this.router);
    opened.start({ ...featureRuntime, router: this.router });
    this.front = new ToolFront({ tools: this.tools, router: this.router, toolSearch });
    this.listsPerCaller = featureRuntime.listsPerCaller;
    this.resources = new DocumentationResources({ registry: target.registry, tools: this.tools });
    this.apps = new AppResources({ registry: target.registry, tools: this.tools });
    this.definitions = new ServedDefinitions(options, logger, () => this.#servers);
  }

  /** With `toolSearch`: the index over the tools, and the two tools that search and call. */
  #openToolSearch(options: ResolvedOptions, loaded: ServerFeatures): ToolSearch | undefined {
    if (!options.toolSearch) return undefined;
    return openToolSearch({
      tools: this.tools,
      createIndex: loaded.createToolIndex,
      logger: this.logger,
      // A caller finds only what its ACL lets it see (the router's identity when none is given).
      toolsFor: this.toolsFor,
    });
  }

  /**
   * Builds the tool table; warns when it is empty, beyond what common clients take, or has a
   * tool whose `x-mcp-header` clients refuse. With `dynamic`, follows the registry.
   *
   * @throws {ToolNameCollisionError} when two modules would get the same tool name.
   */
  load(): void {
    this.tools.refresh();
    this.apps.confineUiFolders();
    if (this.tools.size === 0) {
      this.logger.warn('No modules registered; server starting with zero tools');
    }
    if (this.#toolSearch !== undefined) {
      warnAboutShadowedTools(this.#toolSearch, this.tools, this.logger);
      this.#toolSearch.prepare();
    }
    this.#warnAboutClientLimits(this.tools.list().map((served) => served.tool.name));
    warnAboutParamHeaders(this.tools.list(), this.logger);
    if (this.#options.dynamic) {
      this.tools.start();
      this.#unsubscribe = this.tools.onChange((change) => {
        if (change.type === 'added') this.#warnAboutClientLimits([change.name]);
        if (change.type !== 'removed') {
          warnAboutParamHeaders(this.tools.list(), this.logger, change.name);
          this.apps.confineUiFolders();
        }
        this.broadcastToolListChanged();
      });
    }
  }

  #warnAboutClientLimits(toolNames: readonly string[]): void {
    // Clients see two tools under tool search, however many modules there are.
    if (this.#toolSearch !== undefined) return;
    warnAboutClientLimits({
      toolNames,
      toolCount: this.tools.size,
      serverName: this.#options.name,
      logger: this.logger,
    });
  }

  /**
   * Closes the task engine (cancelling the tasks it still runs here), then what the features
   * hold (the ledger, written out after the last call has answered), then the store; never
   * rejects.
   */
  async closeState(): Promise<void> {
    await this.tasks.close().catch((error: unknown) => {
      this.logger.warn({ err: error }, 'Could not close the task engine');
    });
    await this.features.close(this.logger);
    await closeStore(this.#shared, this.logger);
  }

  /** Stops following the registry. */
  unload(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.tools.stop();
    this.definitions.stop();
    this.features.stop();
  }

  /** What this runtime serves, as every host installs it (see `createMcpSurface`). */
  surfaceOptions(): McpSurfaceOptions {
    return {
      tools: this.front,
      requests: this.requests,
      resources: this.resources,
      apps: this.apps,
      definitions: this.definitions,
      listChanged: this.#options.dynamic,
      cacheHints: this.#options.cacheHints,
      requestState: this.#shared.stateCodec,
      roundClaims: this.#shared.roundClaims,
      ...(this.listsPerCaller ? { toolsFor: this.toolsFor } : {}),
      identity: this.#options.identity,
      tasks: this.tasks,
      parts: this.features.surfaceParts,
    };
  }

  /** A new SDK server of the runtime's surface; tracked until it closes. */
  readonly createServer = (): Server => {
    const { name, version } = this.#options;
    const server = createSdkServer({ name, version, ...this.surfaceOptions() });
    this.#servers.add(server);
    server.onclose = () => this.#servers.delete(server);
    return server;
  };

  /** What is given but not served now, and why: bad modules, taken names, bad definitions. */
  notServed(): NotServedEntry[] {
    return [
      ...this.tools.skipped().map(moduleNotServed),
      ...this.definitions.notServed(),
      ...this.features.notServed(),
    ];
  }

  /** The MCP definitions of the tools served right now. */
  get toolDefinitions(): McpTool[] {
    return this.tools.list().map((served) => served.tool);
  }

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

  /** The body of `GET /health`, but for the sessions the HTTP handler counts. */
  readonly health: RuntimeHealth = () => ({
    status: 'ok',
    moduleCount: this.tools.size,
    tools: this.tools.size,
    uptimeSeconds: Math.round(performance.now() - this.#startedAt) / 1000,
    inFlight: this.router.activeCalls,
  });

  /**
   * Loads the metrics the `metrics` option asks for and has the router report to them;
   * `undefined` (and `@apcore-mcp/observability` never loaded) when metrics are off.
   *
   * @throws {MissingPackageError} when `@apcore-mcp/observability` is not installed.
   * @throws {Error} from prom-client when the given registry already holds our series.
   */
  async startMetrics(): Promise<ServerMetrics | undefined> {
    const option = this.#options.metrics;
    if (option === false) return undefined;
    const metrics = await loadServerMetrics(option, {
      tools: () => this.tools.size,
      inFlight: () => this.router.activeCalls,
    });
    this.router.observer = metrics;
    this.requests.observer = metrics;
    return metrics;
  }
}
