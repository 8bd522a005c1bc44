// What the server offers beside tools: resources, resource templates and prompts declared with
// @apcore-mcp/core's define* functions.
import type {
  PromptDefinition,
  ResourceDefinition,
  ResourceTemplateDefinition,
} from '@apcore-mcp/core';
import {
  type DefinitionList,
  type DefinitionSource,
  resolveDefinitionList,
} from '../../kernel/definition-list.js';
import { declareOption } from '../../kernel/option-declaration.js';
import { integerOption } from '../../kernel/primitive-options.js';
import {
  DEFAULT_MAX_RESOURCE_URI_LENGTH,
  DEFAULT_MAX_SUBSCRIPTIONS_PER_SESSION,
} from '../../protocol/resource-bounds.js';
import { resolveSkillsOption, type SkillsOption } from '../../skills/skills-option.js';

const NONE = Object.freeze([]);
const none: DefinitionSource<never> = Object.freeze({ current: () => NONE, live: false });

/**
 * The options of `serve()` that declare what is served beside the tools, declared once.
 *
 * @example
 * ```ts
 * await serve(registry, { resources: [readme], resourceTemplates: [userProfile] });
 * ```
 */
export const DEFINITION_OPTIONS = {
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
    defaultValue: none,
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
    defaultValue: none,
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
   * Prompts made by `definePrompt`: an array, or a function returning the current ones. Their
   * names must differ.
   */
  prompts: declareOption<DefinitionList<PromptDefinition>, DefinitionSource<PromptDefinition>>({
    expected: 'an array of definitions made by definePrompt, or a function returning one',
    defaultValue: none,
    resolve: (value) =>
      resolveDefinitionList(
        {
          option: 'prompts',
          kind: 'prompt',
          maker: 'definePrompt',
          key: { name: 'name', of: (prompt) => prompt.name },
        },
        value,
      ),
  }),
  /**
   * A skills directory: every folder in it with a `SKILL.md` is a skill, served through the
   * skills extension (`io.modelcontextprotocol/skills`: `skills/list`, `skills/get`,
   * `resources/directory/read`) and as `skill://` resources. A path, or `{ dir, pageSize }`
   * (entries per `skills/list` and directory page, default 50). Re-read on
   * `definitionsChanged()`.
   */
  skills: declareOption<SkillsOption, { dir: string; pageSize: number } | undefined>({
    expected: 'a directory path, or { dir, pageSize }',
    defaultValue: undefined,
    resolve: resolveSkillsOption,
    cli: [
      {
        key: 'skills-dir',
        kind: 'directory',
        help: 'Serve the skills of this directory (each folder with a SKILL.md) through the MCP skills extension',
      },
    ],
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
