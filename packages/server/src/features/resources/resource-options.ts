// The resources and resource templates declared with @apcore-mcp/core's define* functions, and
// the bounds of what clients may read and subscribe to.
import type { ResourceDefinition, ResourceTemplateDefinition } from '@apcore-mcp/core';
import {
  type DefinitionList,
  type DefinitionSource,
  NO_DEFINITIONS,
  resolveDefinitionList,
} from '../../kernel/definition-list.js';
import { declareOption } from '../../kernel/option-declaration.js';
import { integerOption } from '../../kernel/primitive-options.js';
import {
  DEFAULT_MAX_RESOURCE_URI_LENGTH,
  DEFAULT_MAX_SUBSCRIPTIONS_PER_SESSION,
} from '../../protocol/resource-bound-defaults.js';

/**
 * The options of `serve()` that declare the resources and templates served beside the tools,
 * and bound the URIs clients read and subscribe to (every resource's, not only these).
 *
 * @example
 * ```ts
 * await serve(registry, { resources: [readme], resourceTemplates: [userProfile] });
 * ```
 */
export const RESOURCE_OPTIONS = {
  /**
   * Resources made by `defineResource`, served beside each module's `docs://` resource: an
   * array, or a function returning the current ones (read on every request; the server then
   * declares `resources.listChanged` and announces changes on `definitionsChanged()`). Their
   * URIs must differ.
   */
  resources: declareOption<
    DefinitionList<ResourceDefinition>,
    DefinitionSource<ResourceDefinition>
  >({
    expected: 'an array of definitions made by defineResource, or a function returning one',
    defaultValue: NO_DEFINITIONS,
    resolve: (value) =>
      resolveDefinitionList(
        {
          option: 'resources',
          kind: 'resource',
          maker: 'defineResource',
          key: { name: 'uri', of: (resource) => resource.uri },
        },
        value,
      ),
  }),
  /**
   * Resource templates made by `defineResourceTemplate`: an array, or a function returning the
   * current ones. Their URI templates must differ.
   */
  resourceTemplates: declareOption<
    DefinitionList<ResourceTemplateDefinition>,
    DefinitionSource<ResourceTemplateDefinition>
  >({
    expected: 'an array of definitions made by defineResourceTemplate, or a function returning one',
    defaultValue: NO_DEFINITIONS,
    resolve: (value) =>
      resolveDefinitionList(
        {
          option: 'resourceTemplates',
          kind: 'resourceTemplate',
          maker: 'defineResourceTemplate',
          key: { name: 'uriTemplate', of: (template) => template.uriTemplate },
        },
        value,
      ),
  }),
  /**
   * The most resources one 2025-11-25 session may be subscribed to at once, and the most URIs
   * one 2026-07-28 `subscriptions/listen` request may ask for; default 100
   * (`DEFAULT_MAX_SUBSCRIPTIONS_PER_SESSION`). One more is refused with -32602 naming it.
   */
  maxSubscriptionsPerSession: integerOption({
    minimum: 1,
    defaultValue: DEFAULT_MAX_SUBSCRIPTIONS_PER_SESSION,
    cli: [
      {
        key: 'max-subscriptions-per-session',
        kind: 'integer',
        help: 'Most resources one session may subscribe to (and URIs one listen request may ask for)',
      },
    ],
  }),
  /**
   * The longest resource URI, in characters, a client may read or subscribe to (also each URI
   * of a `subscriptions/listen` request); default 2048 (`DEFAULT_MAX_RESOURCE_URI_LENGTH`). A
   * longer one is refused with -32602 naming it.
   */
  maxResourceUriLength: integerOption({
    minimum: 1,
    defaultValue: DEFAULT_MAX_RESOURCE_URI_LENGTH,
    cli: [
      {
        key: 'max-resource-uri-length',
        kind: 'integer',
        help: 'Longest resource URI (characters) a client may read or subscribe to',
      },
    ],
  }),
};
