import { fillAnnotations } from './annotations.js';
import type { JsonSchema, ModuleDescriptor, ModuleExample } from './contract.js';
import { copyJson } from './json-copy.js';
import { isRecord, type ModuleLike } from './module-like.js';

function readString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function readSchema(value: unknown): JsonSchema {
  return isRecord(value) ? copyJson(value) : {};
}

/**
 * The descriptor of `module` registered as `moduleId`: every field present, annotation
 * defaults filled, `name`/`documentation` `null` when absent, `outputSchema` `{}` when absent.
 * All objects are fresh copies, so callers may change them freely.
 */
export function describeModule(moduleId: string, module: ModuleLike): ModuleDescriptor {
  const tags = Array.isArray(module.tags)
    ? module.tags.filter((tag): tag is string => typeof tag === 'string')
    : [];
  return {
    moduleId,
    name: readString(module.name),
    description: module.description,
    documentation: readString(module.documentation),
    inputSchema: readSchema(module.inputSchema),
    outputSchema: readSchema(module.outputSchema),
    version: readString(module.version) ?? '1.0.0',
    tags: [...tags],
    annotations: fillAnnotations(module.annotations),
    examples: Array.isArray(module.examples) ? copyJson(module.examples as ModuleExample[]) : [],
    metadata: isRecord(module.metadata) ? copyJson(module.metadata) : {},
  };
}
