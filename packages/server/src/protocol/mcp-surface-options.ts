import type { Identity } from '@apcore-mcp/core';
import type { Logger } from '@apcore-mcp/core/bridge';
import type { CacheHints } from '../kernel/cache-hints.js';
import type { ToolsFor } from '../kernel/served-tool.js';
import type { RequestPipeline } from '../requests/request-pipeline.js';
import type { RoundClaims } from '../store/round-claims.js';
import type { CallStateCodec } from './call-state-codec.js';
import type { ResourceSubscriptions } from './resource-subscriptions.js';
import type { SurfacePart } from './surface-part.js';
import type { ToolFront } from './tool-front.js';

/**
 * What an {@link McpSurface} serves: the tools and what is served beside them, and how each
 * request is answered.
 *
 * @example
 * ```ts
 * const options: McpSurfaceOptions = { tools: front, requestState, roundClaims };
 * ```
 */
export interface McpSurfaceOptions {
  /** The tools to list (read on every `tools/list`, so changes show up at once) and call. */
  tools: ToolFront;
  /**
   * The request pipeline every handler runs through (tracing, metrics, the shutdown gate, the
   * ledger, limits, the result cap); none: the handlers are registered as they are.
   */
  requests?: RequestPipeline | undefined;
  /**
   * What each 2025-11-25 connection subscribed to, while a part declares `resources.subscribe`
   * (`resources/subscribe` and `resources/unsubscribe` are answered then).
   */
  subscriptions?: ResourceSubscriptions | undefined;
  /**
   * The longest resource URI read or subscribed to, in characters
   * (`DEFAULT_MAX_RESOURCE_URI_LENGTH` when absent).
   */
  maxResourceUriLength?: number | undefined;
  /** Where a prompt, resource or completion that fails is logged. */
  logger?: Logger | undefined;
  /** Advertise `tools.listChanged` (the server sends `notifications/tools/list_changed`). */
  listChanged?: boolean;
  /** `ttlMs` / `cacheScope` of list and read results, for 2026-07-28 clients only. */
  cacheHints?: CacheHints | undefined;
  /** Signs and verifies the `requestState` of 2026-07-28 input rounds (approvals). */
  requestState: CallStateCodec;
  /**
   * Where the answered rounds of prompts and resource reads are claimed, once (the tools'
   * router claims its own there too).
   */
  roundClaims: RoundClaims;
  /**
   * What each request's caller may see of `tools`: `tools/list` and the resources then show a
   * caller only the modules its ACL lets it call. Absent: everything.
   */
  toolsFor?: ToolsFor;
  /** The caller when a request carries none. */
  identity?: Identity | undefined;
  /** What the features add: capabilities, handlers, hooks on the tool handlers. */
  parts?: readonly SurfacePart[] | undefined;
  /**
   * Installed on a host's server (`attachToServer`): the parts that need our own `Server`
   * are left out.
   */
  attached?: boolean;
}
