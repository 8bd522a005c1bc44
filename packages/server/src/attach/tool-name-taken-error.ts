import { ApcoreMcpError } from '@apcore-mcp/core';

const MARKER = Symbol.for('apcore-mcp.error.ToolNameTakenError');

/**
 * `attachToServer` refused: the host server already has a tool under a name ours would take.
 * Nothing was attached. Rename the host's tool, or filter the module out (`tags`, `prefix`...).
 *
 * @example
 * ```ts
 * try {
 *   await attachToServer(server, registry);
 * } catch (error) {
 *   if (ToolNameTakenError.isInstance(error)) console.error(error.details.toolName);
 * }
 * ```
 */
export class ToolNameTakenError extends ApcoreMcpError {
  declare readonly code: 'TOOL_NAME_TAKEN';
  declare readonly details: { toolName: string };

  constructor(toolName: string) {
    super({
      code: 'TOOL_NAME_TAKEN',
      message: `Cannot attach: the server already has a tool named "${toolName}", which one of the registry's tools would take; rename it or filter that module out`,
      details: { toolName },
    });
    this.name = 'ToolNameTakenError';
    Object.defineProperty(this, MARKER, { value: true });
  }

  /**
   * Whether `value` is a {@link ToolNameTakenError}, from this copy of the package or another.
   *
   * @example
   * ```ts
   * ToolNameTakenError.isInstance(new Error('x')); // false
   * ```
   */
  static override isInstance(value: unknown): value is ToolNameTakenError {
    return ApcoreMcpError.hasMarker(value, MARKER);
  }
}
