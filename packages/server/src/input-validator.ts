import type { ValidationErrorDetail } from '@apcore-mcp/core';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import { type Logger, SILENT_LOGGER } from './logger.js';

// ajv-formats is CommonJS with a default export; under NodeNext its callable sits on `default`.
const addFormats = ((ajvFormats as { default?: unknown }).default ?? ajvFormats) as unknown as (
  ajv: Ajv,
) => Ajv;

/** A compiled schema, or `null` when the schema would not compile (validation is then skipped). */
type CompiledSchema = ValidateFunction | null;

/**
 * Checks tool arguments against the tool's (converted) input schema before the executor runs.
 * Each tool's schema is compiled once, on its first call, and cached per tool object, so a tool
 * rebuilt by a dynamic re-registration gets a fresh validator.
 */
export class InputValidator {
  readonly #ajv: Ajv;
  readonly #compiled = new WeakMap<Tool, CompiledSchema>();
  readonly #logger: Logger;

  constructor(options: { logger?: Logger } = {}) {
    this.#logger = options.logger ?? SILENT_LOGGER;
    this.#ajv = addFormats(new Ajv({ allErrors: true, strict: false, logger: false }));
  }

  /** The failing fields, or `undefined` when the arguments are valid. */
  validate(tool: Tool, inputs: Record<string, unknown>): ValidationErrorDetail[] | undefined {
    const validate = this.#compile(tool);
    if (validate === null || validate(inputs)) return undefined;
    return (validate.errors ?? []).map(toDetail);
  }

  #compile(tool: Tool): CompiledSchema {
    const cached = this.#compiled.get(tool);
    if (cached !== undefined) return cached;
    let compiled: CompiledSchema;
    try {
      compiled = this.#ajv.compile(tool.inputSchema);
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

/** An ajv error as apcore-js reports it: JSON pointer path, message, failing keyword. */
function toDetail(error: ErrorObject): ValidationErrorDetail {
  const missing = (error.params as { missingProperty?: unknown }).missingProperty;
  const path =
    error.keyword === 'required' && typeof missing === 'string'
      ? `${error.instancePath}/${escapePointer(missing)}`
      : error.instancePath;
  return { path, message: error.message ?? 'is invalid', constraint: error.keyword };
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
