import { defineServerFeature } from '../../feature-api/server-feature.js';
import { RESOURCE_OPTIONS } from './resource-options.js';

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
  // Loaded when it opens: the option table never needs its code.
  open: async ({ resources, resourceTemplates }, { logger }, { changes }) =>
    (await import('./open-resources.js')).openResources(
      { resources, resourceTemplates },
      logger,
      changes,
    ),
});
