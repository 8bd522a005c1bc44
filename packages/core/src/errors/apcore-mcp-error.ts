import type { ModuleErrorLike } from '../contract.js';

const MARKER = Symbol.for('apcore-mcp.error');

/** Everything needed to build an {@link ApcoreMcpError}. */
export interface ApcoreMcpErrorInit {
  /** What went wrong, as a stable machine-readable string (`INVALID_ARGUMENT`). */
  code: string;
  /** What went wrong, for people. */
  message: string;
  /** Machine-readable facts (the argument, the path, the module id); `{}` when absent. */
  details?: Record<string, unknown>;
  /** The underlying failure, if any: the standard `Error#cause`. */
  cause?: unknown;
}

/**
 * The base of every error thrown by the apcore-mcp packages: a string `code`, a human
 * `message`, machine-readable `details` and the standard `cause`.
 *
 * Recognise errors with the static `isInstance()` of the class you care about, never with
 * `instanceof`: two installed copies of a package have two distinct classes, but share the
 * `Symbol.for` markers `isInstance()` reads. A subclass gets its own marker with
 * {@link ApcoreMcpError.hasMarker}, so one class never mistakes another's errors for its own.
 *
 * @example
 * ```ts
 * const marker = Symbol.for('my-app.error.QuotaError');
 *
 * class QuotaError extends ApcoreMcpError {
 *   constructor(quota: number) {
 *     super({ code: 'QUOTA_EXCEEDED', message: 'Daily quota used up', details: { quota } });
 *     this.name = 'QuotaError';
 *     Object.defineProperty(this, marker, { value: true });
 *   }
 *   static override isInstance(value: unknown): value is QuotaError {
 *     return ApcoreMcpError.hasMarker(value, marker);
 *   }
 * }
 * ```
 */
export class ApcoreMcpError extends Error implements ModuleErrorLike {
  readonly code: string;
  readonly details: Record<string, unknown>;

  constructor(init: ApcoreMcpErrorInit) {
    // No `cause` key at all when none was given, so `'cause' in error` stays meaningful.
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApcoreMcpError';
    Object.defineProperty(this, MARKER, { value: true });
    this.code = init.code;
    this.details = init.details ?? {};
  }

  /**
   * Whether `value` is an error of any apcore-mcp package (any copy of it).
   *
   * @example
   * ```ts
   * if (ApcoreMcpError.isInstance(error)) console.error(error.code, error.details);
   * ```
   */
  static isInstance(value: unknown): value is ApcoreMcpError {
    return ApcoreMcpError.hasMarker(value, MARKER);
  }

  /**
   * Whether `value` carries `marker` (a `Symbol.for` key set to `true`): the building block of
   * every subclass's `isInstance()`.
   *
   * @example
   * ```ts
   * return ApcoreMcpError.hasMarker(value, Symbol.for('my-app.error.QuotaError'));
   * ```
   */
  protected static hasMarker(value: unknown, marker: symbol): boolean {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[marker] === true
    );
  }
}
