import { type Logger, silentLogger, type ValidationErrorDetail } from '@apcore-mcp/core/bridge';
import { compileSchema, type SchemaCheck } from '@apcore-mcp/runtime';
import type { McpTool } from '../kernel/mcp-tool.js';

/** A compiled schema, or `null` when the schema would not compile (validation is then skipped). */
type CompiledSchema = SchemaCheck | null;

/**
 * Checks tool arguments against the tool's (converted) input schema before the executor runs,
 * with the core runtime's own schema check, so `validateInputs` answers exactly as the
 * executor's validation would. Each tool's schema is compiled once, on its first call, and
 * cached per tool object, so a tool rebuilt by a dynamic re-registration gets a fresh validator.
 */
export class InputValidator {
  readonly #compiled = new WeakMap<McpTool, CompiledSchema>();
  readonly #logger: Logger;

  constructor(options: { logger?: Logger } = {}) {
    this.#logger = options.logger ?? silentLogger;
  }

  /** The failing fields, or `undefined` when the arguments are valid. */
  validate(tool: McpTool, inputs: Record<string, unknown>): ValidationErrorDetail[] | undefined {
    const check = this.#compile(tool);
    if (check === null) return undefined;
    const errors = check(inputs);
    return errors.length === 0 ? undefined : [...errors];
  }

  #compile(tool: McpTool): CompiledSchema {
    const cached = this.#compiled.get(tool);
    if (cached !== undefined) return cached;
    let compiled: CompiledSchema;
    try {
      compiled = compileSchema(tool.inputSchema);
    } catch (error) {
      // The executor still validates; an uncompilable schema must not make the tool unusable.
      this.#logger.warn(
        { tool: tool.name, err: error },
        `Input schema of ${tool.name} does not compile; validateInputs skipped for it`,
      );
      compiled = null;
    }
    this.#compiled.set(tool, compiled);
    return compiled;
  }
}
