import { ApcoreMcpError } from '@apcore-mcp/core';
import type { AnthropicViolation } from './anthropic-violation.js';

const MARKER = Symbol.for('apcore-mcp.error.AnthropicToolError');

/** The machine-readable facts of an {@link AnthropicToolError}. */
export interface AnthropicToolErrorDetails {
  moduleId?: string;
  violations: AnthropicViolation[];
}

/**
 * Raised when a tool would be refused by the Messages API; carries every violation. An
 * {@link ApcoreMcpError} with the `code` `ANTHROPIC_TOOL_REFUSED`.
 *
 * @example
 * ```ts
 * try {
 *   toAnthropicTool(descriptor, { strict: true });
 * } catch (error) {
 *   if (AnthropicToolError.isInstance(error)) for (const v of error.details.violations) console.warn(v.message);
 * }
 * ```
 */
export class AnthropicToolError extends ApcoreMcpError {
  declare readonly code: 'ANTHROPIC_TOOL_REFUSED';
  declare readonly details: AnthropicToolErrorDetails & Record<string, unknown>;

  constructor(message: string, details: AnthropicToolErrorDetails) {
    super({ code: 'ANTHROPIC_TOOL_REFUSED', message, details: { ...details } });
    this.name = 'AnthropicToolError';
    Object.defineProperty(this, MARKER, { value: true });
  }

  /**
   * Whether `value` is an {@link AnthropicToolError}, from this copy of the package or another.
   *
   * @example
   * ```ts
   * AnthropicToolError.isInstance(new Error('x')); // false
   * ```
   */
  static override isInstance(value: unknown): value is AnthropicToolError {
    return ApcoreMcpError.hasMarker(value, MARKER);
  }
}
