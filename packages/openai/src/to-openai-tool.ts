import { toDescriptionSuffix, toExtraDescription } from '@apcore-mcp/annotations';
import type { Logger, ModuleDescriptor } from '@apcore-mcp/core/bridge';
import { SchemaConverter } from '@apcore-mcp/schema';
import { assertStrictSchema } from './check-strict-schema.js';
import { normalize } from './normalize.js';
import { toStrictSchema } from './to-strict-schema.js';
import type { OpenAIFunctionDefinition, OpenAITool } from './types.js';

/** Options of {@link toOpenaiTool}. */
export interface ToOpenaiToolOptions {
  /**
   * Append the annotation suffix (`\n\n[Annotations: readonly=true]`) and the `mcp_`-prefixed
   * keys of `annotations.extra` (`\n\ncategory: image`) to the description.
   */
  embedAnnotations?: boolean;
  /** Rewrite the schema for strict mode, check it, and add `strict: true`. */
  strict?: boolean;
  /** In strict mode, drop the value constraints OpenAI rejects instead of failing. */
  dropUnsupportedKeywords?: boolean;
  /** Receives the strict-mode warnings. */
  logger?: Logger;
}

type ToolDescriptor = Pick<ModuleDescriptor, 'moduleId' | 'description' | 'inputSchema'> &
  Partial<Pick<ModuleDescriptor, 'annotations'>>;

/**
 * One module descriptor as an OpenAI function-calling tool.
 *
 * @throws {InvalidToolNameError} when the module id has no valid function name.
 * @throws {SchemaConversionError} when the input schema cannot be converted (`@apcore-mcp/schema`).
 * @throws {StrictModeError} in strict mode, when the schema breaks a strict-mode rule or limit.
 * @example
 * ```ts
 * toOpenaiTool(registry.getDefinition('image.resize')!, { strict: true });
 * // { type: 'function', function: { name: 'image-resize', description, parameters, strict: true } }
 * ```
 */
export function toOpenaiTool(
  descriptor: ToolDescriptor,
  options: ToOpenaiToolOptions = {},
): OpenAITool {
  const { moduleId } = descriptor;
  const name = normalize(moduleId);
  const converter = new SchemaConverter(
    options.logger === undefined ? {} : { logger: options.logger },
  );
  let parameters = converter.convertInputSchema(descriptor);
  const annotations = descriptor.annotations ?? null;
  const suffix =
    options.embedAnnotations === true
      ? `${toDescriptionSuffix(annotations)}${toExtraDescription(annotations)}`
      : '';
  const definition: OpenAIFunctionDefinition = {
    name,
    description: `${typeof descriptor.description === 'string' ? descriptor.description : ''}${suffix}`,
    parameters,
  };
  if (options.strict === true) {
    parameters = toStrictSchema(parameters, {
      moduleId,
      ...(options.logger === undefined ? {} : { logger: options.logger }),
      ...(options.dropUnsupportedKeywords === undefined
        ? {}
        : { dropUnsupportedKeywords: options.dropUnsupportedKeywords }),
    });
    assertStrictSchema(parameters, { moduleId, name });
    definition.parameters = parameters;
    definition.strict = true;
  }
  return { type: 'function', function: definition };
}
