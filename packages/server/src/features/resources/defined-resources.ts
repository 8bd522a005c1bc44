import type {
  DefinitionContext,
  ResourceDefinition,
  ResourceTemplateDefinition,
  TemplateParams,
} from '@apcore-mcp/core';
import { UriTemplate } from '@modelcontextprotocol/server';
import type { DefinitionSource } from '../../kernel/definition-list.js';
import type {
  McpReadResourceResult,
  McpResource,
  McpResourceTemplate,
} from '../../kernel/mcp-resource.js';

/**
 * What a URI is among the defined resources: a resource of its own, a URI a template matches
 * (with the variables' values), or neither.
 *
 * @example
 * ```ts
 * const found: DefinedResourceMatch = { template, params: { id: '7' } };
 * ```
 */
export type DefinedResourceMatch =
  | { resource: ResourceDefinition }
  | { template: ResourceTemplateDefinition; params: TemplateParams };

/**
 * The resources and resource templates declared with `defineResource` / `defineResourceTemplate`
 * (the `resources` and `resourceTemplates` options, or the files of an extensions directory),
 * read from their sources on every request. A URI is looked up among the resources first, then
 * the templates in their order. Definitions have no ACL: every caller sees them all.
 *
 * @example
 * ```ts
 * const defined = new DefinedResources({
 *   resources: { current: () => [readme], live: false },
 *   templates: { current: () => [], live: false },
 * });
 * await defined.read('docs://readme', { identity: null, signal });
 * ```
 */
export class DefinedResources {
  readonly #resources: DefinitionSource<ResourceDefinition>;
  readonly #templates: DefinitionSource<ResourceTemplateDefinition>;
  /** Each template parsed once, by the SDK's RFC 6570 matcher. */
  readonly #parsed = new WeakMap<ResourceTemplateDefinition, UriTemplate | null>();

  constructor(options: {
    resources: DefinitionSource<ResourceDefinition>;
    templates: DefinitionSource<ResourceTemplateDefinition>;
  }) {
    this.#resources = options.resources;
    this.#templates = options.templates;
  }

  /** Whether there is any resource or template to serve right now. */
  get isEmpty(): boolean {
    return this.#resources.current().length === 0 && this.#templates.current().length === 0;
  }

  /** Whether the resources or the templates may change while serving (a function was given). */
  get live(): boolean {
    return this.#resources.live || this.#templates.live;
  }

  /**
   * The resources and templates served right now, in one list: what a change of either is
   * measured against.
   */
  current(): readonly (ResourceDefinition | ResourceTemplateDefinition)[] {
    return [...this.#resources.current(), ...this.#templates.current()];
  }

  /** The resources, as `resources/list` shows them. */
  list(): McpResource[] {
    return this.#resources.current().map(toListedResource);
  }

  /** The templates, as `resources/templates/list` shows them. */
  listTemplates(): McpResourceTemplate[] {
    return this.#templates.current().map(toListedTemplate);
  }

  /** Whether any template has values to suggest for a variable (`complete`). */
  completes(): boolean {
    return this.#templates.current().some((template) => Object.keys(template.complete).length > 0);
  }

  /** The template declared with exactly `uriTemplate`, for completions. */
  template(uriTemplate: string): ResourceTemplateDefinition | undefined {
    return this.#templates.current().find((template) => template.uriTemplate === uriTemplate);
  }

  /** What serves `uri`, if anything. */
  match(uri: string): DefinedResourceMatch | undefined {
    const resource = this.#resources.current().find((candidate) => candidate.uri === uri);
    if (resource !== undefined) return { resource };
    for (const template of this.#templates.current()) {
      const variables = this.#parse(template)?.match(uri);
      if (variables) return { template, params: toParams(variables) };
    }
    return undefined;
  }

  /**
   * The template `uri` was most likely meant for when it matches none: one whose text before
   * its first `{` starts `uri` (`test://template/1/2/data` for `test://template/{id}/data`).
   */
  nearestTemplate(uri: string): ResourceTemplateDefinition | undefined {
    return this.#templates.current().find((template) => {
      const head = template.uriTemplate.slice(0, template.uriTemplate.indexOf('{'));
      return head.includes(':') && uri.startsWith(head);
    });
  }

  /**
   * Reads `uri`; `undefined` when no resource or template serves it.
   *
   * @throws whatever the definition's `read` throws (a `DefinitionResultError` for a result
   * that cannot be sent).
   */
  async read(uri: string, context: DefinitionContext): Promise<McpReadResourceResult | undefined> {
    const found = this.match(uri);
    if (found === undefined) return undefined;
    const readContext = { ...context, uri };
    const contents =
      'resource' in found
        ? await found.resource.read(readContext)
        : await found.template.read(found.params, readContext);
    return { contents };
  }

  #parse(template: ResourceTemplateDefinition): UriTemplate | null {
    let parsed = this.#parsed.get(template);
    if (parsed === undefined) {
      try {
        parsed = new UriTemplate(template.uriTemplate);
      } catch {
        // Core checked the syntax; a template the SDK still refuses matches nothing.
        parsed = null;
      }
      this.#parsed.set(template, parsed);
    }
    return parsed;
  }
}

/**
 * A resource as `resources/list` shows it.
 *
 * @example
 * ```ts
 * toListedResource(readme); // { uri: 'docs://readme', name: 'readme', mimeType: 'text/markdown' }
 * ```
 */
export function toListedResource(resource: ResourceDefinition): McpResource {
  const { uri, name, title, description, mimeType } = resource;
  return withDefined({ uri, name }, { title, description, mimeType });
}

/**
 * A resource template as `resources/templates/list` shows it.
 *
 * @example
 * ```ts
 * toListedTemplate(orders); // { uriTemplate: 'orders://{id}', name: 'order' }
 * ```
 */
export function toListedTemplate(template: ResourceTemplateDefinition): McpResourceTemplate {
  const { uriTemplate, name, title, description, mimeType } = template;
  return withDefined({ uriTemplate, name }, { title, description, mimeType });
}

/** `base` with those of `optional` that are set. */
function withDefined<T extends object>(
  base: T,
  optional: Record<string, string | undefined>,
): T & Record<string, string> {
  const entries = Object.entries(optional).filter(([, value]) => value !== undefined);
  return { ...base, ...Object.fromEntries(entries) } as T & Record<string, string>;
}

/** The SDK's variables as params: an exploded list joined with commas. */
function toParams(variables: Record<string, string | string[]>): TemplateParams {
  return Object.fromEntries(
    Object.entries(variables).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(',') : value,
    ]),
  );
}
