/**
 * Subscribes a listener to tool list changes; returns the unsubscribe function.
 *
 * @example
 * ```ts
 * const onToolListChanged: ToolListChanges = (listener) => table.onChange(listener);
 * ```
 */
export type ToolListChanges = (listener: () => void) => () => void;

/**
 * Subscribes a listener to resource updates (the URI that changed); returns the unsubscribe.
 *
 * @example
 * ```ts
 * const onResourceUpdated: ResourceUpdateChanges = (listener) => onResourceUpdated(listener);
 * ```
 */
export type ResourceUpdateChanges = (listener: (uri: string) => void) => () => void;

/**
 * A list of what is defined beside the modules that can change: `resources` (the resources and
 * the templates, announced together as `notifications/resources/list_changed`) or `prompts`.
 *
 * @example
 * ```ts
 * const list: DefinitionListName = 'prompts';
 * ```
 */
export type DefinitionListName = 'resources' | 'prompts';

/**
 * Subscribes a listener to changes of the defined lists; returns the unsubscribe function.
 *
 * @example
 * ```ts
 * const onDefinitionListChanged: DefinitionListChanges = (listener) => definitions.onListChanged(listener);
 * ```
 */
export type DefinitionListChanges = (listener: (list: DefinitionListName) => void) => () => void;

/**
 * The changes a 2026-07-28 HTTP endpoint publishes to its `subscriptions/listen` streams (a
 * 2025-11-25 session, or a stdio connection, is told by its own SDK server instead).
 *
 * @example
 * ```ts
 * const changes: ServerChanges = { onToolListChanged: runtime.onToolListChanged };
 * ```
 */
export interface ServerChanges {
  /** Tool list changes: `notifications/tools/list_changed`. */
  onToolListChanged?: ToolListChanges | undefined;
  /** Resource updates: `notifications/resources/updated`, to the streams that asked for the URI. */
  onResourceUpdated?: ResourceUpdateChanges | undefined;
  /** Defined list changes: `notifications/resources/list_changed` or `prompts/list_changed`. */
  onDefinitionListChanged?: DefinitionListChanges | undefined;
}
