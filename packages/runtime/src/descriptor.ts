import type { JsonSchema, ModuleExample } from '@apcore-mcp/core';
import {
  copyJson,
  type DefinitionOptions,
  fillAnnotations,
  isRecord,
  type ModuleDescriptor,
  type ModuleLike,
  toModuleUi,
} from '@apcore-mcp/core/bridge';

function readString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The value itself, or its copy when `copy` (the caller may change what it gets). */
function share<T>(value: T, copy: boolean): T {
  return copy ? copyJson(value) : value;
}

function readSchema(value: unknown, copy: boolean): JsonSchema {
  return isRecord(value) ? share(value, copy) : {};
}

/**
 * The descriptor of `module` registered as `moduleId`: every field present, annotation
 * defaults filled, `name`/`documentation` `null` when absent, `outputSchema` `{}` when absent.
 * All objects are fresh copies, so callers may change them freely; with `copy: false` the
 * schemas, examples and metadata are the module's own.
 */
export function describeModule(
  moduleId: string,
  module: ModuleLike,
  options: DefinitionOptions = {},
): ModuleDescriptor {
  const copy = options.copy ?? true;
  const tags = Array.isArray(module.tags)
    ? module.tags.filter((tag): tag is string => typeof tag === 'string')
    : [];
  return {
    moduleId,
    name: readString(module.name),
    description: module.description,
    documentation: readString(module.documentation),
    inputSchema: readSchema(module.inputSchema, copy),
    outputSchema: readSchema(module.outputSchema, copy),
    version: readString(module.version) ?? '1.0.0',
    tags,
    annotations: fillAnnotations(module.annotations),
    examples: Array.isArray(module.examples) ? share(module.examples as ModuleExample[], copy) : [],
    metadata: isRecord(module.metadata) ? share(module.metadata, copy) : {},
    // `register` refused a malformed one, so this conversion cannot throw.
    ...(module.ui === undefined || module.ui === null ? {} : { ui: toModuleUi(module.ui) }),
  };
}
