import type { ResourceDefinition, ResourceTemplateDefinition } from '@apcore-mcp/core';
import { onResourceUpdated } from '@apcore-mcp/core/bridge';
import type { ServerCapabilities } from '@modelcontextprotocol/server';
import { defineServerFeature } from '../../feature-api/server-feature.js';
import { DefinitionChecks } from '../../kernel/definition-checks.js';
import { DefinitionListAnnouncer } from '../../protocol/definition-list-announcer.js';
import { definedResourceSource } from './defined-resource-source.js';
import { DefinedResources } from './defined-resources.js';
import { describeResourceProblems } from './resource-checks.js';
import { RESOURCE_OPTIONS } from './resource-options.js';
import { templateCompletion } from './template-completer.js';

/**
 * The resources and resource templates declared with `defineResource` /
 * `defineResourceTemplate` (the `resources` and `resourceTemplates` options): listed and read
 * beside the modules' own, their template variables completed, their updates (`updated()`)
 * told to the clients that subscribed, and a change of a live list announced on
 * `definitionsChanged()`. A definition that breaks its MCP schema is left out, told once at
 * start.
 *
 * @example
 * ```ts
 * const features = [RESOURCES_FEATURE];
 * ```
 */
export const RESOURCES_FEATURE = defineServerFeature({
  name: 'resources',
  options: RESOURCE_OPTIONS,
  open: ({ resources, resourceTemplates }, { logger }, { changes }) => {
    const checks = new DefinitionChecks<ResourceDefinition | ResourceTemplateDefinition>(
      logger,
      describeResourceProblems,
    );
    const defined = new DefinedResources({
      resources: checks.servable(resources),
      templates: checks.servable(resourceTemplates),
    });
    const notServed = () => checks.notServed([resources, resourceTemplates]);
    // Judged now, so that a definition left out is told at start, not at its first listing.
    notServed();
    const announcer = new DefinitionListAnnouncer({
      name: 'resources',
      source: defined,
      changes,
      logger,
    });
    // Another server in the process may serve the URI: only ours are told.
    const stopUpdates = onResourceUpdated((uri) => {
      if (defined.match(uri) !== undefined) changes.resourceUpdated(uri);
    });
    return {
      surface: {
        capabilities: () => resourceCapabilities(defined),
        resources: definedResourceSource(defined),
        completions: { resource: (uri, variable) => templateCompletion(defined, uri, variable) },
        hostEntries: () => ({
          templates: defined
            .current()
            .filter((entry): entry is ResourceTemplateDefinition => entry.kind !== 'resource'),
        }),
      },
      definitionsChanged: () => announcer.announce(),
      stop: stopUpdates,
      notServed,
    };
  },
});

/**
 * `subscribe` (2025-11-25 `resources/subscribe`, 2026-07-28 `subscriptions/listen`) while there
 * are defined resources or a live source of them (which may bring some later); `listChanged`
 * when they may change while serving; `completions` while a template variable suggests values,
 * or from the start with a live source (a template added later may).
 */
function resourceCapabilities(defined: DefinedResources): ServerCapabilities {
  const { live } = defined;
  return {
    resources: {
      ...(live || !defined.isEmpty ? { subscribe: true } : {}),
      ...(live ? { listChanged: true } : {}),
    },
    ...(live || defined.completes() ? { completions: {} } : {}),
  };
}
