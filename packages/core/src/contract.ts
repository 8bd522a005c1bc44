/**
 * The apcore contract: the shapes the bridge packages accept.
 *
 * Names and shapes follow apcore-js's public API, so an application built on apcore-js can pass
 * its own Registry and Executor straight in. The bridge relies on structure only — never on
 * `instanceof` — and recognises errors by their string `code`.
 */

import type { ModuleUi } from './module-ui.js';
import type { TaskStart, TaskSupport } from './tasks/task-support.js';

/** A JSON Schema object, as carried by module descriptors. */
export type JsonSchema = Record<string, unknown>;

/**
 * Behavioural hints a module declares about itself.
 *
 * Defaults (see {@link DEFAULT_ANNOTATIONS}): every flag `false` except `openWorld: true`.
 */
export interface ModuleAnnotations {
  readonly readonly: boolean;
  readonly destructive: boolean;
  readonly idempotent: boolean;
  readonly requiresApproval: boolean;
  readonly openWorld: boolean;
  readonly streaming: boolean;
  /** Whether calls may run as MCP tasks; see `readTaskSupport`. Absent: `'forbidden'`. */
  readonly taskSupport?: TaskSupport;
  /** Where a task-supporting call becomes a task; see `becomeTask`. Absent: `'immediate'`. */
  readonly taskStart?: TaskStart;
  /** apcore-js carries further, optional facts (caching, pagination, `extra`). */
  readonly [extension: string]: unknown;
}

/**
 * A new, unfrozen object of the annotation values a module has when it declares none. Spelled
 * out for those who fill annotations in: spreading the frozen {@link DEFAULT_ANNOTATIONS} takes
 * the engine's slow path, ten times the cost of this literal.
 */
export function createDefaultAnnotations(): Record<string, unknown> & ModuleAnnotations {
  return {
    readonly: false,
    destructive: false,
    idempotent: false,
    requiresApproval: false,
    openWorld: true,
    streaming: false,
  };
}

/** The annotation values a module has when it declares none. */
export const DEFAULT_ANNOTATIONS: ModuleAnnotations = Object.freeze(createDefaultAnnotations());

/** One worked example of a module call. */
export interface ModuleExample {
  title: string;
  inputs: Record<string, unknown>;
  output: Record<string, unknown>;
  description?: string;
}

/**
 * Options of `getDefinition()`.
 *
 * @example
 * ```ts
 * const descriptor = registry.getDefinition('image.resize', { copy: false });
 * ```
 */
export interface DefinitionOptions {
  /**
   * `false`: the descriptor shares the module's own schemas, examples and metadata rather than
   * copying them, for a caller that only reads them (converting a schema reads it and builds a
   * new one). Default `true`: fresh copies the caller may change. A registry that does not know
   * the option answers with copies, which serves such a caller as well.
   */
  copy?: boolean;
}

/** Everything a registry knows about one module, as returned by `getDefinition()`. */
export interface ModuleDescriptor {
  moduleId: string;
  name: string | null;
  description: string;
  documentation: string | null;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  version: string;
  tags: string[];
  annotations: ModuleAnnotations | null;
  examples: ModuleExample[];
  metadata: Record<string, unknown>;
  /** The module's UI (MCP Apps), when it declares one; other runtimes' descriptors lack it. */
  ui?: ModuleUi;
}

/** Filters for {@link RegistryLike.list}: `tags` must all be present, `prefix` starts the id. */
export interface ListOptions {
  tags?: readonly string[];
  prefix?: string;
}

/** The events a registry emits when its module set changes. */
export type RegistryEvent = 'register' | 'unregister';

/** Called with the module id and the module object on `register` / `unregister`. */
export type RegistryEventCallback = (moduleId: string, module: unknown) => void;

/** What the bridge needs of a registry (apcore-js's `Registry` satisfies it). */
export interface RegistryLike {
  list(options?: ListOptions): string[];
  getDefinition(moduleId: string, options?: DefinitionOptions): ModuleDescriptor | null;
  on(event: RegistryEvent, callback: RegistryEventCallback): void;
  off?(event: RegistryEvent, callback: RegistryEventCallback): void;
  /**
   * The file a module was loaded from, or `null` (registered in code, or unknown): named when
   * the module cannot be served. Optional: a registry without it is served the same way.
   */
  fileOf?(moduleId: string): string | null;
}

/**
 * What the bridge needs of an executor (apcore-js's `Executor` satisfies it).
 *
 * `context` is whatever the executor accepts; the bridge only ever passes one it built with the
 * executor's own runtime or through a {@link ContextFactory}.
 */
export interface ExecutorLike {
  readonly registry: RegistryLike;
  call(
    moduleId: string,
    inputs: Record<string, unknown>,
    context?: unknown,
  ): Promise<Record<string, unknown>>;
  stream?(
    moduleId: string,
    inputs: Record<string, unknown>,
    context?: unknown,
  ): AsyncIterable<Record<string, unknown>>;
}

/** Who is calling: an authenticated principal, when the transport knows one. */
export interface Identity {
  id: string;
  type?: string;
  roles?: readonly string[];
  attrs?: Record<string, unknown>;
}

/**
 * What the bridge knows about an incoming call when it asks a {@link ContextFactory} for a
 * context: the facts an executor's context may want, never transport objects.
 */
export interface ContextRequest {
  /** The module about to run. */
  moduleId: string;
  /** The authenticated caller, if any. */
  identity?: Identity;
  /** Values the bridge hands to modules (MCP progress / elicitation senders, ...). */
  data?: Record<string, unknown>;
  /** Fires when the client cancels the call or the connection closes. */
  signal?: AbortSignal;
  /**
   * The trace the call belongs to (a W3C trace id: 32 lowercase hex digits), when the bridge
   * traces it: the context takes it as its `traceId`. Absent: the factory makes its own.
   */
  traceId?: string;
}

/** Builds the context an executor expects (apcore-js's `ContextFactory` shape). */
export interface ContextFactory {
  createContext(request: ContextRequest): unknown;
}

/**
 * The error codes of the apcore runtime, as carried on every module error, and those the MCP
 * bridge answers with (`apcore/errorCode` in a tool result's `_meta`): the codes a client or an
 * application compares against.
 *
 * @example
 * ```ts
 * if (result._meta?.['apcore/errorCode'] === ErrorCodes.RATE_LIMITED) await waitAndRetry();
 * ```
 */
export const ErrorCodes = Object.freeze({
  MODULE_NOT_FOUND: 'MODULE_NOT_FOUND',
  SCHEMA_VALIDATION_ERROR: 'SCHEMA_VALIDATION_ERROR',
  ACL_DENIED: 'ACL_DENIED',
  MODULE_TIMEOUT: 'MODULE_TIMEOUT',
  GENERAL_INVALID_INPUT: 'GENERAL_INVALID_INPUT',
  CALL_DEPTH_EXCEEDED: 'CALL_DEPTH_EXCEEDED',
  CIRCULAR_CALL: 'CIRCULAR_CALL',
  CALL_FREQUENCY_EXCEEDED: 'CALL_FREQUENCY_EXCEEDED',
  APPROVAL_DENIED: 'APPROVAL_DENIED',
  MODULE_EXECUTE_ERROR: 'MODULE_EXECUTE_ERROR',
  MODULE_LOAD_ERROR: 'MODULE_LOAD_ERROR',
  INVALID_MODULE_ID: 'INVALID_MODULE_ID',
  DUPLICATE_MODULE_ID: 'DUPLICATE_MODULE_ID',
  ACL_RULE_ERROR: 'ACL_RULE_ERROR',
  CONFIG_NOT_FOUND: 'CONFIG_NOT_FOUND',
  EXECUTION_CANCELLED: 'EXECUTION_CANCELLED',
  INVALID_TOOL_NAME: 'INVALID_TOOL_NAME',
  TOOL_NAME_COLLISION: 'TOOL_NAME_COLLISION',
  /** A module requires approval and nobody can be asked (no elicitation on the client). */
  APPROVAL_REQUIRED: 'APPROVAL_REQUIRED',
  /** A module asked with `required: true` for what the client did not declare it supports. */
  CLIENT_CAPABILITY_REQUIRED: 'CLIENT_CAPABILITY_REQUIRED',
  /** The call arrived once the server had begun shutting down: nothing ran. */
  SERVER_SHUTTING_DOWN: 'SERVER_SHUTTING_DOWN',
  /** The shared store of limits and approval rounds could not answer: nothing ran. */
  LIMIT_STORE_UNAVAILABLE: 'LIMIT_STORE_UNAVAILABLE',
  /** A rate limit refused the call (`retryAfterSeconds` in `_meta`). */
  RATE_LIMITED: 'RATE_LIMITED',
  /** The call's cost would take its subject over budget. */
  BUDGET_EXCEEDED: 'BUDGET_EXCEEDED',
  /**
   * The service a module calls failed (an HTTP API's 5xx, no answer): its message is written for
   * the client and says what failed; `retryable` whether calling again may help.
   */
  UPSTREAM_ERROR: 'UPSTREAM_ERROR',
  /** The module's result was larger than the server's `maxResultBytes`: it was not sent. */
  RESULT_TOO_LARGE: 'RESULT_TOO_LARGE',
  /** The module answered with content that cannot be sent (an image whose data is not base64). */
  INVALID_RESULT: 'INVALID_RESULT',
  /**
   * The call came from the inspector page of a server that does not let the inspector run tools
   * (`inspector.allowExecute` off): nothing ran.
   */
  INSPECTOR_READ_ONLY: 'INSPECTOR_READ_ONLY',
  /** The module is switched off (`system.control.toggle_feature`): nothing ran. */
  MODULE_DISABLED: 'MODULE_DISABLED',
} as const);

/** One of the known apcore error codes. Foreign runtimes may use others. */
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/**
 * The structural shape of an apcore error, whichever runtime raised it. Bridges read errors
 * through this shape only.
 */
export interface ModuleErrorLike {
  code: string;
  message: string;
  details?: Record<string, unknown> | null;
  cause?: unknown;
  traceId?: string | null;
}

/**
 * One failing field of a schema validation. apcore's seeds use `{ field, code, message }`;
 * apcore-js uses `{ path: "/a", message, constraint, expected }`. Both are accepted.
 */
export interface ValidationErrorDetail {
  field?: string;
  path?: string;
  code?: string;
  constraint?: string;
  expected?: unknown;
  message: string;
}
