import { ApcoreMcpError } from '@apcore-mcp/core';
import type { StrictViolation } from './strict-violation.js';

const MARKER = Symbol.for('apcore-mcp.error.StrictModeError');

/** The machine-readable facts of a {@link StrictModeError}. */
export interface StrictModeErrorDetails {
  moduleId?: string;
  violations: StrictViolation[];
}

/**
 * Raised when a schema cannot be sent to a provider in strict mode; carries every violation. An
 * {@link ApcoreMcpError} with the `code` `STRICT_MODE_VIOLATION`.
 *
 * @example
 * ```ts
 * try {
 *   assertStrictSchema(schema, { rules, moduleId: 'crm.contact' });
 * } catch (error) {
 *   if (StrictModeError.isInstance(error)) for (const v of error.details.violations) console.warn(v.message);
 * }
 * ```
 */
export class StrictModeError extends ApcoreMcpError {
  declare readonly code: 'STRICT_MODE_VIOLATION';
  declare readonly details: StrictModeErrorDetails & Record<string, unknown>;

  constructor(message: string, details: StrictModeErrorDetails) {
    super({ code: 'STRICT_MODE_VIOLATION', message, details: { ...details } });
    this.name = 'StrictModeError';
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
  static override isInstance(value: unknown): value is StrictModeError {
    return ApcoreMcpError.hasMarker(value, MARKER);
  }
}
