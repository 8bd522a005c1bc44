import type { JsonSchema } from '@apcore-mcp/core';
import type { Logger, ModuleDescriptor } from '@apcore-mcp/core/bridge';
import { ensureObjectType } from './ensure-object-type.js';
import { DEFAULT_MAX_REF_DEPTH, inlineRefs } from './inline-refs.js';
import { SchemaConversionError } from './schema-conversion-error.js';

/** Options of {@link SchemaConverter}. */
export interface SchemaConverterOptions {
  logger?: Logger;
  /** Most nested `$ref` resolutions followed. Default 32. */
  maxDepth?: number;
  /** Most schema nodes one converted schema may hold. Default 100,000. */
  maxNodes?: number;
}

/**
 * Turns a module descriptor's JSON Schemas into the self-contained schemas MCP tools and
 * OpenAI functions accept: every local `$ref` inlined, `$defs` removed, and for input schemas
 * an object root. Stateless: one instance can serve any number of descriptors.
 *
 * The descriptor is never mutated. Some runtimes (apcore-js) rewrite a module's schema in place
 * on its first call, so convert once, early, before any call.
 *
 * @example
 * ```ts
 * const converter = new SchemaConverter();
 * const inputSchema = converter.convertInputSchema(registry.getDefinition('image.resize')!);
 * ```
 */
export class SchemaConverter {
  readonly #logger: Logger | undefined;
  readonly #maxDepth: number;
  readonly #maxNodes: number | undefined;

  constructor(options: SchemaConverterOptions = {}) {
    this.#logger = options.logger;
    this.#maxDepth = options.maxDepth ?? DEFAULT_MAX_REF_DEPTH;
    this.#maxNodes = options.maxNodes;
  }

  /**
   * The MCP `inputSchema` / OpenAI `parameters` for a module: refs inlined, root
   * `type: "object"` (an empty schema becomes `{ type: 'object', properties: {} }`).
   *
   * @throws {SchemaConversionError} naming the module id, on a cycle, a missing or non-local
   *   `$ref`, too deep a `$ref` chain, or a root type other than object.
   * @example
   * ```ts
   * new SchemaConverter().convertInputSchema({ moduleId: 'ping', inputSchema: {} });
   * // { type: 'object', properties: {} }
   * ```
   */
  convertInputSchema(descriptor: Pick<ModuleDescriptor, 'moduleId' | 'inputSchema'>): JsonSchema {
    return this.#convert(descriptor.moduleId, 'input', descriptor.inputSchema, (schema) =>
      ensureObjectType(this.#inline(schema)),
    );
  }

  /**
   * The output schema for structured MCP results: refs inlined; an empty (or absent) schema
   * becomes `{}`. The root is left as written, except that `properties` without `type` gets
   * `type: 'object'`; MCP only accepts an object root, so check `type === 'object'` before
   * advertising it as a tool's `outputSchema`.
   *
   * @throws {SchemaConversionError} naming the module id, as for input schemas.
   * @example
   * ```ts
   * new SchemaConverter().convertOutputSchema({ moduleId: 'ping', outputSchema: {} }); // {}
   * ```
   */
  convertOutputSchema(descriptor: Pick<ModuleDescriptor, 'moduleId' | 'outputSchema'>): JsonSchema {
    return this.#convert(descriptor.moduleId, 'output', descriptor.outputSchema, (schema) => {
      const inlined = this.#inline(schema);
      if (inlined.type !== undefined || !Object.hasOwn(inlined, 'properties')) return inlined;
      return { type: 'object', ...inlined };
    });
  }

  #inline(schema: JsonSchema): JsonSchema {
    return inlineRefs(schema, { maxDepth: this.#maxDepth, maxNodes: this.#maxNodes });
  }

  #convert(
    moduleId: string,
    schemaKind: 'input' | 'output',
    schema: JsonSchema | null | undefined,
    convert: (schema: JsonSchema) => JsonSchema,
  ): JsonSchema {
    if (schema === null || schema === undefined || isEmptyObject(schema)) {
      return schemaKind === 'input' ? { type: 'object', properties: {} } : {};
    }
    try {
      const converted = convert(schema);
      this.#logger?.debug({ moduleId, schemaKind }, 'converted module schema');
      return converted;
    } catch (error) {
      if (!SchemaConversionError.isInstance(error)) throw error;
      throw new SchemaConversionError(
        `Cannot convert the ${schemaKind} schema of module "${moduleId}": ${error.message}`,
        { ...error.details, moduleId, schemaKind },
        { cause: error },
      );
    }
  }
}

function isEmptyObject(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 0
  );
}
