import type { Definition, Logger } from '@apcore-mcp/core/bridge';
import type { Server } from '@modelcontextprotocol/server';
import type { PromptCatalog } from '../prompts/prompt-catalog.js';
import type { DefinedResources } from '../resources/defined-resources.js';
import type { DefinitionListName } from '../transports/server-changes.js';

/**
 * Options of {@link DefinitionListAnnouncer}.
 *
 * @example
 * ```ts
 * const options: DefinitionListAnnouncerOptions = { resources, prompts, servers: () => live, logger };
 * ```
 */
export interface DefinitionListAnnouncerOptions {
  resources: DefinedResources;
  prompts: PromptCatalog;
  /** The live SDK servers (2025-11-25 sessions, stdio connections), which are told directly. */
  servers: () => Iterable<Server>;
  logger: Logger;
}

/** One list as announced: where it is read, what clients were last told of, how to tell them. */
interface AnnouncedList {
  readonly name: DefinitionListName;
  readonly source: { readonly live: boolean; current(): readonly Definition[] };
  announced: readonly Definition[];
  readonly send: (server: Server) => Promise<void>;
}

/**
 * Tells clients that the defined resources (with the templates) or prompts changed, list by
 * list and only when they did: a live source is compared, definition by definition (by
 * identity, in order), with what it held when last announced (or when serving began).
 *
 * @example
 * ```ts
 * const announcer = new DefinitionListAnnouncer({ resources, prompts, servers, logger });
 * announcer.onAnnounced((list) => list === 'prompts' && notify.promptsChanged());
 * announcer.announce();
 * ```
 */
export class DefinitionListAnnouncer {
  readonly #lists: AnnouncedList[];
  readonly #servers: () => Iterable<Server>;
  readonly #logger: Logger;
  readonly #listeners = new Set<(list: DefinitionListName) => void>();

  constructor(options: DefinitionListAnnouncerOptions) {
    this.#servers = options.servers;
    this.#logger = options.logger;
    // Resources first: a test (or a client) that hears prompts/list_changed after a change of
    // both has heard resources/list_changed already.
    this.#lists = [
      this.#track('resources', options.resources, (server) => server.sendResourceListChanged()),
      this.#track('prompts', options.prompts, (server) => server.sendPromptListChanged()),
    ];
  }

  /** Calls `listener` with each list announced as changed; returns the unsubscribe. */
  onAnnounced(listener: (list: DefinitionListName) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Re-reads the live sources and, for each list that differs from what was last announced,
   * sends its `list_changed` notification: to the {@link onAnnounced} listeners (the
   * 2026-07-28 HTTP endpoint's `subscriptions/listen` streams) and to every live SDK server
   * (each 2025-11-25 session; on stdio, the SDK turns it into the listen streams' notification
   * for a 2026-07-28 client). A source that throws, or a notification that cannot be sent, is
   * logged; nothing is thrown.
   */
  announce(): void {
    for (const list of this.#lists) {
      if (!list.source.live) continue;
      const current = this.#read(list);
      if (current === undefined || sameDefinitions(current, list.announced)) continue;
      list.announced = current;
      this.#publish(list);
    }
  }

  /**
   * Tells clients the resources changed, whatever the defined ones hold: the skills, served as
   * resources too, changed.
   */
  announceResourcesChanged(): void {
    const resources = this.#lists.find((list) => list.name === 'resources');
    if (resources !== undefined) this.#publish(resources);
  }

  #track(
    name: DefinitionListName,
    source: AnnouncedList['source'],
    send: AnnouncedList['send'],
  ): AnnouncedList {
    const list: AnnouncedList = { name, source, announced: [], send };
    // What clients may have listed from the start; a static list never changes, never read.
    if (source.live) list.announced = this.#read(list) ?? [];
    return list;
  }

  #read(list: AnnouncedList): readonly Definition[] | undefined {
    try {
      return list.source.current();
    } catch (error) {
      this.#logger.warn({ err: error, list: list.name }, `Could not read the defined ${list.name}`);
      return undefined;
    }
  }

  #publish(list: AnnouncedList): void {
    for (const listener of this.#listeners) {
      try {
        listener(list.name);
      } catch (error) {
        this.#logger.warn(
          { err: error, list: list.name },
          `Could not publish a ${list.name} list change`,
        );
      }
    }
    for (const server of this.#servers()) {
      if (server.transport === undefined) continue;
      list.send(server).catch((error: unknown) => {
        this.#logger.warn(
          { err: error, list: list.name },
          `Could not send ${list.name}/list_changed to a client`,
        );
      });
    }
  }
}

/** The same definitions, the same objects, in the same order. */
function sameDefinitions(a: readonly Definition[], b: readonly Definition[]): boolean {
  return a.length === b.length && a.every((definition, index) => definition === b[index]);
}
