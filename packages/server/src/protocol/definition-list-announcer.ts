import type { Definition, Logger } from '@apcore-mcp/core/bridge';
import type { DefinitionListName, ServerChangeHub } from './server-change-hub.js';

/**
 * Options of {@link DefinitionListAnnouncer}.
 *
 * @example
 * ```ts
 * const options: DefinitionListAnnouncerOptions = { name: 'prompts', source: prompts, changes, logger };
 * ```
 */
export interface DefinitionListAnnouncerOptions {
  /** The list clients are told changed. */
  name: DefinitionListName;
  /** Where the list is read: a live one (given as a function) may change while serving. */
  source: { readonly live: boolean; current(): readonly Definition[] };
  /** Where the change is told (see {@link ServerChangeHub.listChanged}). */
  changes: ServerChangeHub;
  logger: Logger;
}

/**
 * Tells clients that a defined list (the resources with the templates, or the prompts) changed,
 * only when it did: a live source is compared, definition by definition (by identity, in
 * order), with what it held when last announced (or when serving began).
 *
 * @example
 * ```ts
 * const announcer = new DefinitionListAnnouncer({ name: 'prompts', source: prompts, changes, logger });
 * announcer.announce();
 * ```
 */
export class DefinitionListAnnouncer {
  readonly #options: DefinitionListAnnouncerOptions;
  #announced: readonly Definition[] = [];

  constructor(options: DefinitionListAnnouncerOptions) {
    this.#options = options;
    // What clients may have listed from the start; a static list never changes, never read.
    if (options.source.live) this.#announced = this.#read() ?? [];
  }

  /**
   * Re-reads a live source and, when it differs from what was last announced, tells of the
   * change. A source that throws is logged; nothing is thrown.
   */
  announce(): void {
    if (!this.#options.source.live) return;
    const current = this.#read();
    if (current === undefined || sameDefinitions(current, this.#announced)) return;
    this.#announced = current;
    this.#options.changes.listChanged(this.#options.name);
  }

  #read(): readonly Definition[] | undefined {
    const { name, source, logger } = this.#options;
    try {
      return source.current();
    } catch (error) {
      logger.warn({ err: error, list: name }, `Could not read the defined ${name}`);
      return undefined;
    }
  }
}

/** The same definitions, the same objects, in the same order. */
function sameDefinitions(a: readonly Definition[], b: readonly Definition[]): boolean {
  return a.length === b.length && a.every((definition, index) => definition === b[index]);
}
