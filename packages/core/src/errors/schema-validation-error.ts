import { ErrorCodes } from '../contract.js';
import { ModuleError, type ModuleErrorOptions } from './module-error.js';

/** One failing field: a dotted `field` path, the failing JSON Schema keyword as `code`, a message. */
export interface FieldError {
  field: string;
  code: string;
  message: string;
}

/** Facts of a {@link SchemaValidationError}. */
export interface SchemaValidationErrorOptions extends ModuleErrorOptions {
  /** One entry per failing field. */
  errors: FieldError[];
  /** Defaults to `Input validation failed`. */
  message?: string;
}

/**
 * Inputs (or a module's output) do not match the module's JSON Schema.
 * `details.errors` lists `{ field, code, message }`, one per failing field.
 *
 * @example
 * ```ts
 * throw new SchemaValidationError({
 *   errors: [{ field: 'width', code: 'minimum', message: 'must be >= 1' }],
 * });
 * ```
 */
export class SchemaValidationError extends ModuleError {
  constructor(options: SchemaValidationErrorOptions) {
    super({
      ...options,
      code: ErrorCodes.SCHEMA_VALIDATION_ERROR,
      message: options.message ?? 'Input validation failed',
      details: { errors: options.errors },
    });
    this.name = 'SchemaValidationError';
  }

  /** The failing fields. */
  get errors(): FieldError[] {
    return this.details.errors as FieldError[];
  }

  /** Whether `value` is a module error with code `SCHEMA_VALIDATION_ERROR`. */
  static override isInstance(value: unknown): value is SchemaValidationError {
    return ModuleError.isInstance(value) && value.code === ErrorCodes.SCHEMA_VALIDATION_ERROR;
  }
}
