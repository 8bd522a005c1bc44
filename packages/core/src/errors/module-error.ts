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

/**
 * What an error tells the agent that called the tool (the apcore contract's AI guidance): the
 * bridges send it with the error result, so a model knows whether to retry and what to change.
 */
export interface ModuleErrorGuidance {
  /** Whether calling again, unchanged, may succeed. */
  retryable?: boolean;
  /** Advice for the model, in a sentence. */
  aiGuidance?: string;
  /** Whether the person using the agent can fix the cause (approve, sign in, top up, ...). */
  userFixable?: boolean;
  /** A concrete next step. */
  suggestion?: string;
}

/** Everything needed to build a {@link ModuleError} directly. */
export interface ModuleErrorInit extends ModuleErrorOptions, ModuleErrorGuidance {
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
 * throw new ModuleError({
 *   code: 'PAYMENT_DECLINED', message: 'The card was declined',
 *   retryable: false, userFixable: true, aiGuidance: 'Ask the user for another card.',
 * });
 * ```
 */
export class ModuleError extends ApcoreMcpError {
  declare traceId?: string;
  declare retryable?: boolean;
  declare aiGuidance?: string;
  declare userFixable?: boolean;
  declare suggestion?: string;
  readonly timestamp: string;

  constructor(init: ModuleErrorInit) {
    super(init);
    this.name = 'ModuleError';
    Object.defineProperty(this, MODULE_ERROR_MARKER, { value: true });
    if (init.traceId !== undefined) this.traceId = init.traceId;
    if (init.retryable !== undefined) this.retryable = init.retryable;
    if (init.aiGuidance !== undefined) this.aiGuidance = init.aiGuidance;
    if (init.userFixable !== undefined) this.userFixable = init.userFixable;
    if (init.suggestion !== undefined) this.suggestion = init.suggestion;
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
