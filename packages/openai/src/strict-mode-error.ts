import type { StrictViolation } from './strict-violation.js';

const MARKER = Symbol.for('@apcore-mcp/openai.StrictModeError');

/** The machine-readable facts of a {@link StrictModeError}. */
export interface StrictModeErrorDetails {
  moduleId?: string;
  violations: StrictViolation[];
}

/**
 * Raised when a schema cannot be sent to OpenAI in strict mode; carries every violation.
 *
 * @example
 * ```ts
 * try {
 *   assertStrictSchema(schema, { moduleId: 'crm.contact' });
 * } catch (error) {
 *   if (StrictModeError.isInstance(error)) for (const v of error.details.violations) console.warn(v.message);
 * }
 * ```
 */
export class StrictModeError extends Error {
  readonly code = 'STRICT_MODE_VIOLATION' as const;
  readonly details: StrictModeErrorDetails;

  constructor(message: string, details: StrictModeErrorDetails) {
    super(message);
    this.name = 'StrictModeError';
    this.details = details;
    Object.defineProperty(this, MARKER, { value: true });
  }

  /**
   * Whether `value` is a {@link StrictModeError}, from this copy of the package or another.
   *
   * @example
   * ```ts
   * StrictModeError.isInstance(new Error('x')); // false
   * ```
   */
  static isInstance(value: unknown): value is StrictModeError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[MARKER] === true
    );
  }
}
