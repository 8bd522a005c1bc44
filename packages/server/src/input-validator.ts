import type { ValidationErrorDetail } from '@apcore-mcp/core';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { type Logger, SILENT_LOGGER } from './logger.js';

// ajv-formats is CommonJS with a default export; under NodeNext its callable sits on `default`.
const addFormats = ((ajvFormats as { default?: unknown }).default ?? ajvFormats) as (
  ajv: Ajv | Ajv2020,
) => unknown;

// Module schemas come from everywhere: unknown keywords and formats must not break calls.
const AJV_OPTIONS: Options = { allErrors: true, strict: false, logger: false };

/** The field name of errors about the arguments object itself. */
const ROOT_FIELD = '(root)';

/** A compiled schema, or `null` when the schema would not compile (validation is then skipped). */
type CompiledSchema = ValidateFunction | null;

/**
 * Checks tool arguments against the tool's (converted) input schema before the executor runs.
 * Each tool's schema is compiled once, on its first call, and cached per tool object, so a tool
 * rebuilt by a dynamic re-registration gets a fresh validator.
 */
export class InputValidator {
  readonly #ajv: Ajv;
  readonly #ajv2020: Ajv2020;
  readonly #compiled = new WeakMap<Tool, CompiledSchema>();
  readonly #logger: Logger;

  constructor(options: { logger?: Logger } = {}) {
    this.#logger = options.logger ?? SILENT_LOGGER;
    this.#ajv = new Ajv(AJV_OPTIONS);
    this.#ajv2020 = new Ajv2020(AJV_OPTIONS);
    addFormats(this.#ajv);
    addFormats(this.#ajv2020);
  }

  /** The failing fields, or `undefined` when the arguments are valid. */
  validate(tool: Tool, inputs: Record<string, unknown>): ValidationErrorDetail[] | undefined {
    const validate = this.#compile(tool);
    if (validate === null || validate(inputs)) return undefined;
    return toFieldErrors(validate.errors ?? []);
  }

  #compile(tool: Tool): CompiledSchema {
    const cached = this.#compiled.get(tool);
    if (cached !== undefined) return cached;
    let compiled: CompiledSchema;
    try {
      const { $schema, ...schema } = tool.inputSchema as Record<string, unknown>;
      const draft2020 = typeof $schema === 'string' && $schema.includes('2020-12');
      compiled = (draft2020 ? this.#ajv2020 : this.#ajv).compile(schema);
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

/**
 * ajv errors in the shape the core runtime's executor reports them (`{ field, code, message }`,
 * dotted field paths, one entry per field), so `validateInputs` answers exactly as the
 * executor's own validation would.
 */
function toFieldErrors(errors: readonly ErrorObject[]): ValidationErrorDetail[] {
  const byField = new Map<string, ValidationErrorDetail>();
  for (const error of errors) {
    const detail = toFieldError(error);
    if (!byField.has(detail.field ?? ROOT_FIELD)) byField.set(detail.field ?? ROOT_FIELD, detail);
  }
  return [...byField.values()];
}

function toFieldError(error: ErrorObject): ValidationErrorDetail {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
  const params = error.params as Record<string, unknown>;
  let message = error.message ?? 'is invalid';
  if (
    typeof params.missingProperty === 'string' &&
    (error.keyword === 'required' || error.keyword === 'dependentRequired')
  ) {
    segments.push(params.missingProperty);
    message = 'is required';
  } else if (
    typeof params.additionalProperty === 'string' &&
    error.keyword === 'additionalProperties'
  ) {
    segments.push(params.additionalProperty);
    message = 'is not allowed';
  }
  return {
    field: segments.length === 0 ? ROOT_FIELD : segments.join('.'),
    code: error.keyword,
    message,
  };
}
