import type { FieldError } from '@apcore-mcp/core';
import {
  type ApprovalHandler,
  type Logger,
  type ModuleLike,
  type RegistryLike,
  silentLogger,
} from '@apcore-mcp/core/bridge';
import type { Context } from './context.js';
import type { Middleware } from './middleware.js';

/** A registry the executor can run modules from: the bridge's view plus `get`. */
export type ModuleSource = RegistryLike & { get(moduleId: string): ModuleLike | null };

/** What the executor asks before each call: may `callerId` (`null` = top level) call `targetId`? */
export interface AccessControl {
  check(callerId: string | null, targetId: string, context?: Context | null): boolean;
  /** Whether an allowed call must be approved first (an ACL rule's `approval: required`). */
  requiresApproval?(callerId: string | null, targetId: string, context?: Context | null): boolean;
}

/** Options of {@link Executor}. */
export interface ExecutorOptions {
  /** Without one, every call is allowed. */
  acl?: AccessControl | null;
  middlewares?: readonly Middleware[];
  /** Milliseconds a module may run; a module's own `timeoutMs` wins. 0 = no limit. Default 30000. */
  defaultTimeoutMs?: number;
  /** Longest call chain (nested calls included). Default 32. */
  maxCallDepth?: number;
  /** Most times one module may occur in a call chain. Default 3. */
  maxModuleRepeat?: number;
  /** Asked before modules annotated `requiresApproval`; without one they run unasked. */
  approvalHandler?: ApprovalHandler | null;
  /** Receives failing `onError` hooks. Silent when absent. */
  logger?: Logger;
}

/** The outcome of {@link Executor.validate}. */
export interface ValidationResult {
  valid: boolean;
  errors: FieldError[];
}

/** A call that passed the pipeline's checks, ready to run. */
export interface PreparedCall {
  moduleId: string;
  module: ModuleLike;
  inputs: Record<string, unknown>;
  /** The module's context; its `signal` is the one of {@link PreparedCall.controller}. */
  context: Context;
  /** Aborts the call: followed from the caller's signal, and by the call's timeout. */
  controller: AbortController;
}

/** A limit option: `fallback` when unset, otherwise a finite number of at least `min`. */
export function readLimit(
  value: number | undefined,
  limit: { name: string; fallback: number; min: number },
): number {
  const { name, fallback, min } = limit;
  const result = value ?? fallback;
  if (!Number.isFinite(result) || result < min) {
    throw new RangeError(`Executor: ${name} must be a number >= ${min}, got ${String(value)}`);
  }
  return result;
}

/** {@link ExecutorOptions} with every default filled in and every limit checked. */
export type ResolvedExecutorOptions = Required<Omit<ExecutorOptions, 'middlewares'>>;

/**
 * Fills in the defaults of `options` and checks its limits.
 *
 * @throws {RangeError} a limit is not a finite number within range.
 */
export function resolveExecutorOptions(options: ExecutorOptions): ResolvedExecutorOptions {
  return {
    acl: options.acl ?? null,
    approvalHandler: options.approvalHandler ?? null,
    defaultTimeoutMs: readLimit(options.defaultTimeoutMs, {
      name: 'defaultTimeoutMs',
      fallback: 30_000,
      min: 0,
    }),
    maxCallDepth: readLimit(options.maxCallDepth, { name: 'maxCallDepth', fallback: 32, min: 1 }),
    maxModuleRepeat: readLimit(options.maxModuleRepeat, {
      name: 'maxModuleRepeat',
      fallback: 3,
      min: 1,
    }),
    logger: options.logger ?? silentLogger,
  };
}
