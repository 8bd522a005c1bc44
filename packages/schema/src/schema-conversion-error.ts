import { ApcoreMcpError } from '@apcore-mcp/core';

const MARKER = Symbol.for('apcore-mcp.error.SchemaConversionError');

/**
 * Why a schema could not be converted, as a stable machine-readable string:
 * - `circular-reference`: a `$ref` chain leads back to itself (including `"$ref": "#"`);
 * - `missing-reference`: a `$ref` points at nothing;
 * - `max-depth-exceeded`: more nested `$ref` resolutions than `maxDepth`;
 * - `non-local-reference`: a `$ref` to another document, a URL, an `$id` or an anchor;
 * - `invalid-reference`: a `$ref` that is not a string or not a valid JSON pointer;
 * - `invalid-schema`: the schema is not a JSON Schema object, or nests too deep to walk;
 * - `too-large`: inlining would produce more schema nodes than `maxNodes`;
 * - `root-not-object`: an input schema whose root type is not `"object"`.
 */
export type SchemaConversionReason =
  | 'circular-reference'
  | 'missing-reference'
  | 'max-depth-exceeded'
  | 'non-local-reference'
  | 'invalid-reference'
  | 'invalid-schema'
  | 'too-large'
  | 'root-not-object';

/** The machine-readable facts of a {@link SchemaConversionError}. */
export interface SchemaConversionErrorDetails {
  /** The module whose schema failed, when the error was raised for a descriptor. */
  moduleId?: string;
  /** Which of the descriptor's schemas failed. */
  schemaKind?: 'input' | 'output';
  reason: SchemaConversionReason;
  /** JSON pointer (RFC 6901) of the failing node in the source schema, `""` for the root. */
  path?: string;
  /** The `$ref` value at fault, as written in the schema. */
  ref?: string;
  /** For `circular-reference`: the chain of `$ref` values, first and last equal. */
  cycle?: string[];
}

/** Options of the {@link SchemaConversionError} constructor. */
export interface SchemaConversionErrorOptions {
  cause?: unknown;
}

/**
 * Raised when a JSON Schema cannot be turned into a self-contained tool schema. An
 * {@link ApcoreMcpError}.
 *
 * Recognise it with {@link SchemaConversionError.isInstance} (works across duplicate installs)
 * or by `code === 'SCHEMA_CONVERSION_ERROR'`.
 *
 * @example
 * ```ts
 * try {
 *   inlineRefs({ $ref: '#/$defs/Missing' });
 * } catch (error) {
 *   if (SchemaConversionError.isInstance(error)) console.error(error.details.reason);
 * }
 * ```
 */
export class SchemaConversionError extends ApcoreMcpError {
  /** Stable error code, the same for every reason. */
  declare readonly code: 'SCHEMA_CONVERSION_ERROR';
  declare readonly details: SchemaConversionErrorDetails & Record<string, unknown>;

  constructor(
    message: string,
    details: SchemaConversionErrorDetails,
    options: SchemaConversionErrorOptions = {},
  ) {
    super({
      code: 'SCHEMA_CONVERSION_ERROR',
      message,
      details: { ...details },
      cause: options.cause,
    });
    this.name = 'SchemaConversionError';
    Object.defineProperty(this, MARKER, { value: true });
  }

  /**
   * Whether `value` is a {@link SchemaConversionError}, from this copy of the package or another.
   *
   * @example
   * ```ts
   * SchemaConversionError.isInstance(new Error('x')); // false
   * ```
   */
  static override isInstance(value: unknown): value is SchemaConversionError {
    return ApcoreMcpError.hasMarker(value, MARKER);
  }
}
