import type { Definition } from '@apcore-mcp/core/bridge';
import type { DefinitionSource } from './definition-list.js';
import type { Logger } from './logger.js';
import type { NotServedEntry } from './not-served.js';

/**
 * Why a definition must not be served (it breaks the MCP schema of its type), or `undefined`
 * when it may be.
 *
 * @example
 * ```ts
 * const judge: DefinitionJudge<PromptDefinition> = (prompt) => describePromptProblems(prompt);
 * ```
 */
export type DefinitionJudge<D extends Definition> = (definition: D) => string | undefined;

/**
 * Which of the definitions (resources, resource templates, prompts) the server was given it may
 * serve, as `judge` says (each as it is listed must satisfy the SDK's MCP schema of its type),
 * or it is left out, with one warning. A definition made by this package's `define*` always
 * passes; one made by another installed copy of `@apcore-mcp/core` (an extensions directory
 * with its own) may not. Each definition object is judged once.
 *
 * @example
 * ```ts
 * const checks = new DefinitionChecks(logger, describePromptProblems);
 * const prompts = checks.servable(source);
 * checks.notServed([source]); // the prompts left out, and why
 * ```
 */
export class DefinitionChecks<D extends Definition> {
  readonly #reasons = new WeakMap<D, string | null>();
  readonly #logger: Logger;
  readonly #judge: DefinitionJudge<D>;

  constructor(logger: Logger, judge: DefinitionJudge<D>) {
    this.#logger = logger;
    this.#judge = judge;
  }

  /** `source` without the definitions that must not be served. */
  servable<Of extends D>(source: DefinitionSource<Of>): DefinitionSource<Of> {
    return {
      live: source.live,
      current: () => source.current().filter((definition) => this.#reasonOf(definition) === null),
    };
  }

  /** The definitions of `sources` left out right now, and why. */
  notServed(sources: readonly DefinitionSource<D>[]): NotServedEntry[] {
    return sources.flatMap((source) =>
      source.current().flatMap((definition) => {
        const reason = this.#reasonOf(definition);
        return reason === null ? [] : [{ kind: definition.kind, name: nameOf(definition), reason }];
      }),
    );
  }

  #reasonOf(definition: D): string | null {
    let reason = this.#reasons.get(definition);
    if (reason === undefined) {
      reason = this.#judge(definition) ?? null;
      this.#reasons.set(definition, reason);
      if (reason !== null) {
        const { kind } = definition;
        const name = nameOf(definition);
        this.#logger.warn(
          { kind, name, reason },
          `Skipping ${describeKind(kind)} ${name}: ${reason}`,
        );
      }
    }
    return reason;
  }
}

function nameOf(definition: Definition): string {
  if (definition.kind === 'resource') return definition.uri;
  if (definition.kind === 'resourceTemplate') return definition.uriTemplate;
  return definition.name;
}

function describeKind(kind: Definition['kind']): string {
  if (kind === 'resourceTemplate') return 'resource template';
  return kind === 'eventType' ? 'event type' : kind;
}
