import type { EventTypeDefinition } from '@apcore-mcp/core';
import { compileSchema, type SchemaCheck } from '@apcore-mcp/runtime';
import type { DefinitionSource } from '../../../kernel/definition-list.js';
import type { Logger } from '../../../kernel/logger.js';

/**
 * A served event type with its schemas compiled once: the payload checked at every emit, the
 * arguments at every subscription.
 *
 * @example
 * ```ts
 * const problems = served.checkPayload(data);
 * ```
 */
export interface ServedEventType {
  readonly type: EventTypeDefinition;
  readonly checkPayload: SchemaCheck;
  readonly checkArguments: SchemaCheck;
}

/**
 * The event types the server serves: the defined ones (the `eventTypes` option, an extensions
 * directory's files, read afresh on each request when live) and the built-ins features add
 * (`apcore-mcp.task.finished`), a built-in winning over a definition of its name.
 *
 * @example
 * ```ts
 * const catalog = new EventCatalog(source, logger);
 * catalog.addBuiltIn(TASK_FINISHED_EVENT);
 * catalog.find('stock.low')?.checkPayload(data);
 * ```
 */
export class EventCatalog {
  readonly #defined: DefinitionSource<EventTypeDefinition>;
  readonly #builtIns = new Map<string, EventTypeDefinition>();
  readonly #compiled = new WeakMap<EventTypeDefinition, ServedEventType | null>();
  readonly #logger: Logger;
  readonly #builtInServed: (type: EventTypeDefinition) => boolean;

  /**
   * `builtInServed` says whether a built-in is served right now (the finished-task type only
   * while a served tool supports tasks); default: always.
   */
  constructor(
    defined: DefinitionSource<EventTypeDefinition>,
    logger: Logger,
    builtInServed: (type: EventTypeDefinition) => boolean = () => true,
  ) {
    this.#defined = defined;
    this.#logger = logger;
    this.#builtInServed = builtInServed;
  }

  addBuiltIn(type: EventTypeDefinition): void {
    this.#builtIns.set(type.name, type);
  }

  /** Whether `type` is one of the built-ins features added (not a definition). */
  isBuiltIn(type: EventTypeDefinition): boolean {
    return this.#builtIns.get(type.name) === type;
  }

  /** Whether the types may change while serving (a live definition source). */
  get live(): boolean {
    return this.#defined.live;
  }

  /** The types served now, built-ins first; one whose schemas do not compile is left out. */
  current(): ServedEventType[] {
    const defined = this.#defined.current().filter((type) => !this.#builtIns.has(type.name));
    return [...this.#builtInsServed(), ...defined]
      .map((type) => this.#served(type))
      .filter((served): served is ServedEventType => served !== undefined);
  }

  find(name: string): ServedEventType | undefined {
    const builtIn = this.#builtIns.get(name);
    if (builtIn !== undefined) {
      return this.#builtInServed(builtIn) ? this.#served(builtIn) : undefined;
    }
    const type = this.#defined.current().find((one) => one.name === name);
    return type === undefined ? undefined : this.#served(type);
  }

  #builtInsServed(): EventTypeDefinition[] {
    return [...this.#builtIns.values()].filter((type) => this.#builtInServed(type));
  }

  #served(type: EventTypeDefinition): ServedEventType | undefined {
    let served = this.#compiled.get(type);
    if (served === undefined) {
      served = compileType(type, this.#logger);
      this.#compiled.set(type, served);
    }
    return served ?? undefined;
  }
}

function compileType(type: EventTypeDefinition, logger: Logger): ServedEventType | null {
  try {
    return {
      type,
      checkPayload: compileSchema(type.payloadSchema),
      checkArguments: compileSchema(type.inputSchema),
    };
  } catch (error) {
    logger.warn(
      { err: error, eventType: type.name },
      `Event type ${type.name} is not served: its schemas do not compile`,
    );
    return null;
  }
}
