import type { ExecutorLike, Identity } from './contract.js';

/**
 * What a module sees of the call it runs in: who calls, through which chain of modules, under
 * which trace, with which shared data, a signal that aborts on timeout or cancellation, and the
 * executor for nested calls. `@apcore-mcp/runtime`'s `Context` is one; a module written against
 * this interface runs under any runtime that passes such an object.
 *
 * @example
 * ```ts
 * const module = defineModule({
 *   description: 'Thumbnail an image',
 *   inputSchema: { type: 'object' },
 *   execute: async (inputs, context: ModuleContext) => {
 *     if (context.signal.aborted) return { skipped: true };
 *     return context.executor.call('image.resize', { ...inputs, width: 64 }, context);
 *   },
 * });
 * ```
 */
export interface ModuleContext {
  /** Shared by every call of one call tree. */
  readonly traceId: string;
  /** The module that made this call; `null` for a top-level call. */
  readonly callerId: string | null;
  /** The authenticated caller, if any. */
  readonly identity: Identity | null;
  /** The ids of the modules from the top-level call down to this one (inclusive). */
  readonly callChain: readonly string[];
  /** One object shared (by reference) down the whole call tree. */
  readonly data: Record<string, unknown>;
  /** Aborts when the call times out or the caller cancels. */
  readonly signal: AbortSignal;
  /** The executor running this call: pass `context` on so a nested call joins this call tree. */
  readonly executor: ExecutorLike;
}
