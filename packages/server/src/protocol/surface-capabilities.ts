import type { ServerCapabilities } from '@modelcontextprotocol/server';
import { APP_RESOURCE_MIME_TYPE, APPS_EXTENSION_ID } from '../kernel/apps-extension.js';
import type { ServedSkills } from '../skills/served-skills.js';
import type { McpSurfaceOptions } from './mcp-surface-options.js';
import { SKILLS_EXTENSION_ID } from './skill-handlers.js';

/**
 * The capabilities a surface of `options` declares: tools (with `listChanged` under
 * `dynamic`), logging (modules log through `log()`), resources, prompts and completions while
 * there are some, and the extensions (skills, apps).
 *
 * @example
 * ```ts
 * const capabilities = surfaceCapabilities(options);
 * ```
 */
export function surfaceCapabilities(options: McpSurfaceOptions): ServerCapabilities {
  return {
    tools: { listChanged: options.listChanged ?? false },
    // Modules log through `log()`; the SDK then also answers `logging/setLevel` (2025).
    logging: {},
    ...(options.resources ? { resources: resourceCapability(options) } : {}),
    ...(hasPrompts(options) ? { prompts: promptCapability(options) } : {}),
    ...(completes(options) ? { completions: {} } : {}),
    ...extensionCapabilities(options),
  };
}

/**
 * The skills to serve: only when there are some (the extension is declared, and its methods
 * answered, only then) and resources are served (skill files are resources).
 */
export function servedSkills(options: McpSurfaceOptions): ServedSkills | undefined {
  const skills = options.definitions?.skills;
  return skills === undefined || skills.isEmpty || options.resources === undefined
    ? undefined
    : skills;
}

/**
 * The extensions declared: skills while there are any, and apps (with the
 * MIME type of its UIs, as a host declares it) while a served module has a UI.
 */
function extensionCapabilities(options: McpSurfaceOptions): {
  extensions?: Record<string, Record<string, boolean | string[]>>;
} {
  const extensions: Record<string, Record<string, boolean | string[]>> = {};
  if (servedSkills(options) !== undefined) {
    extensions[SKILLS_EXTENSION_ID] = { directoryRead: true };
  }
  if (options.resources !== undefined && options.apps?.any()) {
    extensions[APPS_EXTENSION_ID] = { mimeTypes: [APP_RESOURCE_MIME_TYPE] };
  }
  return Object.keys(extensions).length === 0 ? {} : { extensions };
}

/**
 * Whether there are prompts to serve: the `prompts` capability and handlers only then. A live
 * source counts from the start, empty or not: a prompt added later is announced on the
 * connections open by then, which must have been told of prompts when they began.
 */
export function hasPrompts(options: McpSurfaceOptions): boolean {
  const prompts = options.definitions?.prompts;
  return prompts !== undefined && (prompts.live || !prompts.isEmpty);
}

/** `listChanged` when the prompts may change while serving. */
function promptCapability(options: McpSurfaceOptions): { listChanged?: boolean } {
  return options.definitions?.prompts.live ? { listChanged: true } : {};
}

/**
 * Whether a prompt argument or template variable suggests values: `completions` only then, or
 * from the start with a live source (a prompt added later may suggest values).
 */
export function completes(options: McpSurfaceOptions): boolean {
  const { definitions } = options;
  if (definitions === undefined) return false;
  const { prompts, resources } = definitions;
  return prompts.live || resources.live || prompts.completes() || resources.completes();
}

/**
 * Whether clients may subscribe: there are defined resources (or a live source of them, which
 * may bring some later), and somewhere to keep them.
 */
export function subscribable(options: McpSurfaceOptions): boolean {
  const resources = options.definitions?.resources;
  return resources !== undefined && (resources.live || !resources.isEmpty);
}

/**
 * `subscribe` (2025-11-25 `resources/subscribe`, 2026-07-28 `subscriptions/listen`) when
 * offered; `listChanged` when the defined resources or templates may change while serving.
 */
function resourceCapability(options: McpSurfaceOptions): {
  subscribe?: boolean;
  listChanged?: boolean;
} {
  return {
    ...(subscribable(options) ? { subscribe: true } : {}),
    // A skills directory is read again on `definitionsChanged()`: its skills are resources.
    ...(options.definitions?.resources.live || options.definitions?.skills !== undefined
      ? { listChanged: true }
      : {}),
  };
}
