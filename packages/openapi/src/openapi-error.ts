import { ApcoreMcpError } from '@apcore-mcp/core';

const OPENAPI_ERROR_MARKER = Symbol.for('apcore-mcp.openapi-error');

/** Why a document or a configuration was refused: `details.reason` of an {@link OpenapiError}. */
export type OpenapiErrorReason =
  | 'unreadable'
  | 'invalid-document'
  | 'unsupported-version'
  | 'external-ref'
  | 'no-base-url'
  | 'prefix-required'
  | 'id-collision';

/**
 * A document that cannot be served, or a configuration that must not start: the document does
 * not load or parse, is not OpenAPI 3.0 / 3.1, refers to other files, names no server, needs a
 * prefix, or would reuse ids the registry already has. Code `OPENAPI_ERROR`; `details.reason`
 * says which (see {@link OpenapiErrorReason}).
 *
 * @example
 * ```ts
 * try { await openapiModules('./swagger.json'); }
 * catch (error) { if (OpenapiError.isInstance(error)) console.error(error.message); }
 * ```
 */
export class OpenapiError extends ApcoreMcpError {
  declare readonly details: { reason: OpenapiErrorReason } & Record<string, unknown>;

  constructor(
    reason: OpenapiErrorReason,
    message: string,
    options: { details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super({
      code: 'OPENAPI_ERROR',
      message,
      details: { ...options.details, reason },
      ...(options.cause === undefined ? {} : { cause: options.cause }),
    });
    this.name = 'OpenapiError';
    Object.defineProperty(this, OPENAPI_ERROR_MARKER, { value: true });
  }

  /** Whether `value` is an {@link OpenapiError} (of any copy of this package). */
  static override isInstance(value: unknown): value is OpenapiError {
    return ApcoreMcpError.hasMarker(value, OPENAPI_ERROR_MARKER);
  }
}
