import type { Identity, PromptDefinition, ResourceTemplateDefinition } from '@apcore-mcp/core';
import type { Result, ServerCapabilities, ServerContext } from '@modelcontextprotocol/server';
import type { CacheHints } from '../kernel/cache-hints.js';
import type { McpTool } from '../kernel/mcp-tool.js';
import type { ToolSource } from '../kernel/served-tool.js';
import type { TaskCreatedResult } from '../kernel/task-created-result.js';
import type { RequestHandlerTarget } from '../requests/register-request-handler.js';
import type { RequestPipeline } from '../requests/request-pipeline.js';
import type { DefinitionAsking } from './asking-definition-call.js';
import type { CompletionProvider } from './completion-handler.js';
import type { ResourceSource } from './resource-source.js';

/**
 * What the surface tells a part when it installs the part's handlers on one server: the request
 * pipeline they run through, who calls, what each caller may see of the tools, and how a
 * definition asks the client.
 *
 * @example
 * ```ts
 * part.addHandlers?.(target, { requests, identity, visibleTools, asking, cacheHints });
 * ```
 */
export interface SurfaceContext {
  /** The request pipeline every handler runs through; none: registered as they are. */
  readonly requests: RequestPipeline | undefined;
  /** The caller when a request carries none. */
  readonly identity: Identity | undefined;
  /** The tools the request's caller may see (all of them without an ACL). */
  readonly visibleTools: (ctx: ServerContext) => ToolSource;
  /** How a prompt or resource read asks the client (both revisions). */
  readonly asking: DefinitionAsking;
  /** `ttlMs` / `cacheScope` of list and read results, for 2026-07-28 clients only. */
  readonly cacheHints: CacheHints | undefined;
}

/**
 * What a part adds, on one server, to the frame's own `tools/list` and `tools/call`.
 *
 * @example
 * ```ts
 * const hooks: SurfaceHooks = { listTools: (tools) => tools.map(withSkillLink) };
 * ```
 */
export interface SurfaceHooks {
  /** Rewrites the tools `tools/list` answers with (links to the skills that name a tool). */
  listTools?(tools: McpTool[]): McpTool[];
  /**
   * Answers a call that became a task, on the request's revision's wire. Its presence tells the
   * router the server serves tasks (`tasks/get` and the rest); without it no call becomes one.
   */
  answerCreatedTask?(answer: TaskCreatedResult, ctx: ServerContext): Result;
}

/**
 * What a host that registers what it serves one by one (an `McpServer`, see `attachToServer`)
 * registers of a part beside its resources: its templates and prompts as they are now.
 *
 * @example
 * ```ts
 * const entries: HostEntries = { prompts: catalog.current() };
 * ```
 */
export interface HostEntries {
  readonly templates?: readonly ResourceTemplateDefinition[];
  readonly prompts?: readonly PromptDefinition[];
}

/**
 * One part of an {@link McpSurface}, as a feature contributes it: the capabilities (the
 * extensions among them) it declares, and the request handlers it gives every server that
 * installs the surface. Parts never know of each other: the surface merges their capabilities
 * and installs their handlers in turn.
 *
 * @example
 * ```ts
 * const part: SurfacePart = {
 *   capabilities: () => ({ prompts: {} }),
 *   addHandlers: (target, context) => registerPromptHandlers(target, { prompts, ...context }),
 * };
 * ```
 */
export interface SurfacePart {
  /** What it declares, read once per server (a live source may change it between servers). */
  capabilities(): ServerCapabilities;
  /**
   * Gives `target` its handlers, each answering for `target.server`; returns what it adds to
   * the frame's tool handlers on that server, if anything.
   */
  addHandlers?(target: RequestHandlerTarget, context: SurfaceContext): SurfaceHooks | undefined;
  /**
   * What it serves among the resources: the frame's `resources/*` methods (installed once, while
   * a part has a source) list every part's source and read from the first that serves a URI,
   * in the feature list's order.
   */
  readonly resources?: ResourceSource;
  /**
   * What it suggests values for: `completion/complete` (installed while a part declares the
   * `completions` capability) asks the parts' completers of the reference's kind.
   */
  readonly completions?: CompletionProvider;
  /** What an `McpServer` host registers of it beside its resources (templates, prompts). */
  hostEntries?(): HostEntries;
  /**
   * `false` for a part a host's server cannot serve through the SDK's public API (its answers
   * need our own `Server`): `attachToServer` then leaves it out. Default `true`.
   */
  readonly servedWhenAttached?: boolean;
}

/**
 * The capabilities of several parts as one: their keys together, the objects under a key
 * shared by several parts (two parts' resources, their extensions) merged.
 *
 * @example
 * ```ts
 * mergeCapabilities([{ resources: { subscribe: true } }, { resources: { listChanged: true } }]);
 * // { resources: { subscribe: true, listChanged: true } }
 * ```
 */
export function mergeCapabilities(all: readonly ServerCapabilities[]): ServerCapabilities {
  const merged: Record<string, unknown> = {};
  for (const capabilities of all) {
    for (const [key, value] of Object.entries(capabilities)) {
      const before = merged[key];
      merged[key] = isObject(before) && isObject(value) ? mergeObjects(before, value) : value;
    }
  }
  return merged as ServerCapabilities;
}

function mergeObjects(
  before: Record<string, unknown>,
  value: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...before };
  for (const [key, entry] of Object.entries(value)) {
    const earlier = merged[key];
    merged[key] = isObject(earlier) && isObject(entry) ? { ...earlier, ...entry } : entry;
  }
  return merged;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
