import type { DefinitionListName } from '../protocol/server-change-hub.js';

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
 * Subscribes a listener to changes of the defined lists; returns the unsubscribe function.
 *
 * @example
 * ```ts
 * const onDefinitionListChanged: DefinitionListChanges = (listener) => changes.onDefinitionListChanged(listener);
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
