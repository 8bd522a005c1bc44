import { type Logger, onResourceUpdated } from '@apcore-mcp/core/bridge';
import type { Server } from '@modelcontextprotocol/server';
import type { NotServedEntry } from '../kernel/not-served.js';
import type { ResolvedOptions } from '../options/serve-options.js';
import { PromptCatalog } from '../prompts/prompt-catalog.js';
import { ResourceSubscriptions } from '../protocol/resource-subscriptions.js';
import { DefinedResources } from '../resources/defined-resources.js';
import { revisionOfVersion } from '../revisions/pick-revision.js';
import { ServedSkills } from '../skills/served-skills.js';
import type { DefinitionListChanges } from '../transports/server-changes.js';
import { DefinitionChecks } from './definition-checks.js';
import { DefinitionListAnnouncer } from './definition-list-announcer.js';

/**
 * Subscribes a listener to resource updates (the URI that changed); returns the unsubscribe.
 *
 * @example
 * ```ts
 * const stop = runtime.definitions.onResourceUpdated((uri) => handler.notify.resourceUpdated(uri));
 * ```
 */
export type ResourceUpdates = (listener: (uri: string) => void) => () => void;

/**
 * What one served registry offers beside its tools, shared by all its connections: the defined
 * resources, templates and prompts (from the options), the 2025-11-25 subscriptions to them, and the
 * delivery of their updates. A definition's `updated()` reaches the 2025-11-25 connections that
 * subscribed to its URI, the 2026-07-28 stdio connection's `subscriptions/listen` streams, and
 * the {@link onResourceUpdated} listeners (the 2026-07-28 HTTP endpoint's streams). A change of
 * the lists themselves is announced by {@link ServedDefinitions.announceListChanges}.
 *
 * Updates are delivered from construction until {@link ServedDefinitions.stop}.
 *
 * @example
 * ```ts
 * const definitions = new ServedDefinitions(options, logger, () => liveServers);
 * definitions.stop();
 * ```
 */
export class ServedDefinitions {
  readonly resources: DefinedResources;
  readonly prompts: PromptCatalog;
  /** The skills of the `skills` directory; absent without one. Read by {@link loadSkills}. */
  readonly skills: ServedSkills | undefined;
  readonly subscriptions: ResourceSubscriptions;
  /** The longest resource URI read or subscribed to, in characters. */
  readonly maxResourceUriLength: number;
  /**
   * The definitions given but not served (they break the MCP schema of their type), and why;
   * each is also logged once as a warning.
   */
  readonly notServed: () => NotServedEntry[];
  /** Where a definition that fails, or an update that cannot be sent, is logged. */
  readonly logger: Logger;
  readonly #listeners = new Set<(uri: string) => void>();
  readonly #lists: DefinitionListAnnouncer;
  #stop: (() => void) | undefined;

  /** `servers`: the live SDK servers, which updates are sent to. */
  constructor(options: ResolvedOptions, logger: Logger, servers: () => Iterable<Server>) {
    this.logger = logger;
    this.subscriptions = new ResourceSubscriptions({
      maxPerSession: options.maxSubscriptionsPerSession,
    });
    this.maxResourceUriLength = options.maxResourceUriLength;
    const checks = new DefinitionChecks(logger);
    const given = [options.resources, options.resourceTemplates, options.prompts] as const;
    this.resources = new DefinedResources({
      resources: checks.servable(options.resources),
      templates: checks.servable(options.resourceTemplates),
    });
    this.prompts = new PromptCatalog(checks.servable(options.prompts));
    this.notServed = () => checks.notServed(given);
    // Judged now, so that a definition left out is told at start, not at its first listing.
    this.notServed();
    this.skills =
      options.skills === undefined ? undefined : new ServedSkills({ ...options.skills, logger });
    this.#lists = new DefinitionListAnnouncer({
      resources: this.resources,
      prompts: this.prompts,
      servers,
      logger,
    });
    this.#stop = onResourceUpdated((uri) => this.#publish(uri, servers()));
  }

  /**
   * Re-reads the live sources and announces each list that changed since it was last announced
   * (see {@link DefinitionListAnnouncer.announce}); never throws.
   */
  announceListChanges(): void {
    this.#lists.announce();
    // The skills directory is read again; a change is told as one of the resources.
    void this.skills?.reload().then((changed) => {
      if (changed) this.#lists.announceResourcesChanged();
    });
  }

  /** Reads the skills directory, once serving starts (no skills without the `skills` option). */
  async loadSkills(): Promise<void> {
    await this.skills?.reload();
  }

  /** Calls `listener` with each list announced as changed; returns the unsubscribe. */
  readonly onListChanged: DefinitionListChanges = (listener) => this.#lists.onAnnounced(listener);

  /** Stops delivering updates. */
  stop(): void {
    this.#stop?.();
    this.#stop = undefined;
  }

  /** Calls `listener` with the URI of every update of a served resource; returns the unsubscribe. */
  readonly onResourceUpdated: ResourceUpdates = (listener) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #publish(uri: string, servers: Iterable<Server>): void {
    // Another server in the process may serve it; not ours, nobody here subscribed to it.
    if (this.resources.match(uri) === undefined) return;
    for (const listener of this.#listeners) {
      try {
        listener(uri);
      } catch (error) {
        this.logger.warn({ err: error, uri }, 'Could not publish a resource update');
      }
    }
    for (const server of servers) {
      if (server.transport === undefined || !this.#wantsUpdate(server, uri)) continue;
      server.sendResourceUpdated({ uri }).catch((error: unknown) => {
        this.logger.warn({ err: error, uri }, 'Could not send resources/updated to a client');
      });
    }
  }

  /**
   * As the server's revision says: a 2025-11-25 connection subscribed to the URI; a 2026-07-28
   * instance always takes it (on stdio the SDK delivers it to the `subscriptions/listen`
   * streams that asked for that URI; a per-request HTTP instance drops it, its streams hear it
   * from the listeners instead).
   */
  #wantsUpdate(server: Server, uri: string): boolean {
    const revision = revisionOfVersion(server.getNegotiatedProtocolVersion());
    return !revision.updatesNeedSubscription || this.subscriptions.has(server, uri);
  }
}
