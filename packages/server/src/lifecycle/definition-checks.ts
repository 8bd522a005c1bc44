import type { Definition } from '@apcore-mcp/core/bridge';
import { UriTemplate } from '@modelcontextprotocol/server';
import type { DefinitionSource } from '../kernel/definition-list.js';
import type { Logger } from '../kernel/logger.js';
import type { NotServedEntry } from '../kernel/not-served.js';
import {
  findSpecTypeProblems,
  type ListedSpecType,
  listProblems,
} from '../kernel/spec-type-problems.js';
import { toListedPrompt } from '../prompts/prompt-catalog.js';
import { toListedResource, toListedTemplate } from '../resources/defined-resources.js';

/**
 * Which of the resources, resource templates and prompts the server was given it may serve:
 * each as it is listed must satisfy the SDK's MCP schema of its type (and a template must parse
 * as the SDK's RFC 6570 template), or it is left out, with one warning. A definition made by
 * this package's `define*` always passes; one made by another installed copy of
 * `@apcore-mcp/core` (an extensions directory with its own) may not. Each definition object is
 * judged once.
 *
 * @example
 * ```ts
 * const checks = new DefinitionChecks(logger);
 * const prompts = checks.servable(source);
 * checks.notServed([source]); // the prompts left out, and why
 * ```
 */
export class DefinitionChecks {
  readonly #reasons = new WeakMap<Definition, string | null>();
  readonly #logger: Logger;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  /** `source` without the definitions that must not be served. */
  servable<D extends Definition>(source: DefinitionSource<D>): DefinitionSource<D> {
    return {
      live: source.live,
      current: () => source.current().filter((definition) => this.#reasonOf(definition) === null),
    };
  }

  /** The definitions of `sources` left out right now, and why. */
  notServed(sources: readonly DefinitionSource<Definition>[]): NotServedEntry[] {
    return sources.flatMap((source) =>
      source.current().flatMap((definition) => {
        const reason = this.#reasonOf(definition);
        return reason === null ? [] : [{ kind: definition.kind, name: nameOf(definition), reason }];
      }),
    );
  }

  #reasonOf(definition: Definition): string | null {
    let reason = this.#reasons.get(definition);
    if (reason === undefined) {
      reason = describeDefinitionProblems(definition) ?? null;
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

function describeDefinitionProblems(definition: Definition): string | undefined {
  let type: ListedSpecType;
  let listed: unknown;
  if (definition.kind === 'prompt') {
    [type, listed] = ['Prompt', toListedPrompt(definition)];
  } else if (definition.kind === 'resource') {
    [type, listed] = ['Resource', toListedResource(definition)];
  } else {
    if (!parsesAsTemplate(definition.uriTemplate)) {
      return 'its uriTemplate is not an RFC 6570 template the SDK can match';
    }
    [type, listed] = ['ResourceTemplate', toListedTemplate(definition)];
  }
  const problems = findSpecTypeProblems(type, listed);
  return problems.length === 0
    ? undefined
    : `it breaks the MCP ${type} schema: ${listProblems(problems)}`;
}

function parsesAsTemplate(uriTemplate: string): boolean {
  try {
    new UriTemplate(uriTemplate);
    return true;
  } catch {
    return false;
  }
}

function nameOf(definition: Definition): string {
  if (definition.kind === 'resource') return definition.uri;
  if (definition.kind === 'resourceTemplate') return definition.uriTemplate;
  return definition.name;
}

function describeKind(kind: Definition['kind']): string {
  return kind === 'resourceTemplate' ? 'resource template' : kind;
}
