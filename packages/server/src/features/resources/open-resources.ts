import type { ResourceDefinition, ResourceTemplateDefinition } from '@apcore-mcp/core';
import { onResourceUpdated } from '@apcore-mcp/core/bridge';
import type { ServerCapabilities } from '@modelcontextprotocol/server';
import type { OpenedFeature, ResolvedFeatureOptions } from '../../feature-api/server-feature.js';
import { DefinitionChecks } from '../../kernel/definition-checks.js';
import type { Logger } from '../../kernel/logger.js';
import { DefinitionListAnnouncer } from '../../protocol/definition-list-announcer.js';
import type { ServerChangeHub } from '../../protocol/server-change-hub.js';
import { definedResourceSource } from './defined-resource-source.js';
import { DefinedResources } from './defined-resources.js';
import { describeResourceProblems } from './resource-checks.js';
import type { RESOURCE_OPTIONS } from './resource-options.js';
import { templateCompletion } from './template-completer.js';

/**
 * The defined resources and templates of one server: checked, listed, read, subscribed to
 * and completed.
 *
 * @example
 * ```ts
 * const opened = openResources({ resources, resourceTemplates }, logger, changes);
 * ```
 */
export function openResources(
  {
    resources,
    resourceTemplates,
  }: Pick<ResolvedFeatureOptions<typeof RESOURCE_OPTIONS>, 'resources' | 'resourceTemplates'>,
  logger: Logger,
  changes: ServerChangeHub,
): OpenedFeature {
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
}

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
