import { readProperty } from '@apcore-mcp/core/bridge';
import type { Context } from '../context.js';
import type { Middleware } from '../middleware.js';

/** Options of {@link ErrorHistoryMiddleware} (the contract's `error_history` entry). */
export interface ErrorHistoryConfig {
  /** Most errors kept per module (the oldest go first). Default 50. */
  maxEntriesPerModule?: number;
  /** Most errors kept in all (the oldest go first). Default 1000. */
  maxTotalEntries?: number;
}

/** One remembered failure: its module, code, message and when it happened. */
export interface ErrorHistoryEntry {
  readonly moduleId: string;
  /** The error's `code`; `INTERNAL_ERROR` for an error without one. */
  readonly code: string;
  readonly message: string;
  readonly traceId: string;
  /** ISO time of the failure. */
  readonly timestamp: string;
}

/**
 * Remembers the most recent failures of each module, bounded per module and in all, for a
 * health view or a debugging session; read them with {@link ErrorHistoryMiddleware.entries}.
 * It never changes a call's outcome.
 *
 * @example
 * ```ts
 * const history = new ErrorHistoryMiddleware({ maxEntriesPerModule: 10 });
 * executor.use(history);
 * history.entries('image.resize')[0]?.code; // the latest failure's code
 * ```
 */
export class ErrorHistoryMiddleware implements Middleware {
  readonly name = 'error_history';
  readonly maxEntriesPerModule: number;
  readonly maxTotalEntries: number;
  /** Oldest first, all modules together: the total bound drops from the front. */
  readonly #entries: ErrorHistoryEntry[] = [];

  constructor(config: ErrorHistoryConfig = {}) {
    this.maxEntriesPerModule = config.maxEntriesPerModule ?? 50;
    this.maxTotalEntries = config.maxTotalEntries ?? 1000;
  }

  onError(
    moduleId: string,
    _inputs: Record<string, unknown>,
    error: unknown,
    context: Context,
  ): null {
    const code = readProperty(error, 'code');
    const message = readProperty(error, 'message');
    this.#entries.push({
      moduleId,
      code: typeof code === 'string' ? code : 'INTERNAL_ERROR',
      message: typeof message === 'string' ? message : String(error),
      traceId: context.traceId,
      timestamp: new Date().toISOString(),
    });
    this.#trim(moduleId);
    return null;
  }

  /**
   * The failures remembered, newest first: of `moduleId` only, or of every module.
   *
   * @example
   * ```ts
   * history.entries().map((entry) => entry.moduleId);
   * ```
   */
  entries(moduleId?: string): ErrorHistoryEntry[] {
    const selected =
      moduleId === undefined
        ? this.#entries
        : this.#entries.filter((entry) => entry.moduleId === moduleId);
    return [...selected].reverse();
  }

  /** Forgets every failure remembered. */
  clear(): void {
    this.#entries.length = 0;
  }

  #trim(moduleId: string): void {
    let ofModule = this.#entries.filter((entry) => entry.moduleId === moduleId).length;
    for (let index = 0; ofModule > this.maxEntriesPerModule; index += 1) {
      if (this.#entries[index]?.moduleId !== moduleId) continue;
      this.#entries.splice(index, 1);
      index -= 1;
      ofModule -= 1;
    }
    if (this.#entries.length > this.maxTotalEntries) {
      this.#entries.splice(0, this.#entries.length - this.maxTotalEntries);
    }
  }
}
