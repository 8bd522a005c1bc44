import { ApcoreMcpError } from './apcore-mcp-error.js';

// Kept as it was before the shared base existed, so every copy of this package still recognises
// every other copy's module errors.
const MODULE_ERROR_MARKER = Symbol.for('apcore-mcp.module-error');

/** What every module error may carry besides its own facts. */
export interface ModuleErrorOptions {
  /** The underlying failure, if any. */
  cause?: unknown;
  /** The trace id of the call that failed. */
  traceId?: string;
}

/** Everything needed to build a {@link ModuleError} directly. */
export interface ModuleErrorInit extends ModuleErrorOptions {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

/**
 * The base of every apcore error (the errors of the module pipeline): an
 * {@link ApcoreMcpError} (string `code`, human `message`, machine-readable `details`, optional
 * `cause`) with an optional `traceId` and the ISO `timestamp` of its creation.
 *
 * Recognise it with {@link ModuleError.isInstance} (a `Symbol.for` marker), which also works
 * across duplicate installs of this package; bridges read the `code` only.
 *
 * @example
 * ```ts
 * throw new ModuleError({ code: 'QUOTA_EXCEEDED', message: 'Daily quota used up', details: { quota: 100 } });
 * ```
 */
export class ModuleError extends ApcoreMcpError {
  declare traceId?: string;
  readonly timestamp: string;

  constructor(init: ModuleErrorInit) {
    super(init);
    this.name = 'ModuleError';
    Object.defineProperty(this, MODULE_ERROR_MARKER, { value: true });
    if (init.traceId !== undefined) this.traceId = init.traceId;
    this.timestamp = new Date().toISOString();
  }

  /**
   * Whether `value` is a module error of this runtime (any copy of it).
   *
   * @example
   * ```ts
   * if (ModuleError.isInstance(error)) console.error(error.code);
   * ```
   */
  static override isInstance(value: unknown): value is ModuleError {
    return ApcoreMcpError.hasMarker(value, MODULE_ERROR_MARKER);
  }

  /** A plain, serialisable view: code, message, details, traceId, timestamp. */
  toJSON(): Record<string, unknown> {
    return {
      code: this.code,
      message: this.message,
      details: this.details,
      ...(this.traceId === undefined ? {} : { traceId: this.traceId }),
      timestamp: this.timestamp,
    };
  }
}
