import { ErrorCodes, ModuleError, type ModuleErrorOptions } from '@apcore-mcp/core';

const UPSTREAM_ERROR_MARKER = Symbol.for('apcore-mcp.openapi-upstream-error');

/** What an {@link UpstreamError} is built from. */
export interface UpstreamErrorInit extends ModuleErrorOptions {
  message: string;
  /** Whether the same call may succeed later (a 5xx, a network failure, a 429). */
  retryable: boolean;
  /** The HTTP status of the answer, when there was one. */
  status?: number;
  /** Advice for the model, in a sentence. */
  aiGuidance?: string;
}

/**
 * The API behind an operation failed: a 5xx answer, no answer (network failure), too many
 * requests, an answer too large, a redirect to another origin. Code `UPSTREAM_ERROR`;
 * `retryable` says whether calling again may help; `details.status` carries the HTTP status.
 *
 * @example
 * ```ts
 * if (UpstreamError.isInstance(error) && error.retryable) await retryLater();
 * ```
 */
export class UpstreamError extends ModuleError {
  constructor(init: UpstreamErrorInit) {
    super({
      ...init,
      code: ErrorCodes.UPSTREAM_ERROR,
      details: init.status === undefined ? {} : { status: init.status },
    });
    this.name = 'UpstreamError';
    Object.defineProperty(this, UPSTREAM_ERROR_MARKER, { value: true });
  }

  /** Whether `value` is an {@link UpstreamError} (of any copy of this package). */
  static override isInstance(value: unknown): value is UpstreamError {
    return (
      ModuleError.isInstance(value) &&
      (value as unknown as Record<symbol, unknown>)[UPSTREAM_ERROR_MARKER] === true
    );
  }
}
