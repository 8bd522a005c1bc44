import type { ModuleDescriptor } from '@apcore-mcp/core/bridge';

/** A complete descriptor with sensible defaults, overridden field by field. */
export function createDescriptor(
  moduleId: string,
  overrides: Partial<ModuleDescriptor> = {},
): ModuleDescriptor {
  return {
    moduleId,
    name: null,
    description: `The ${moduleId} module`,
    documentation: null,
    inputSchema: { type: 'object', properties: {} },
    outputSchema: {},
    version: '1.0.0',
    tags: [],
    annotations: null,
    examples: [],
    metadata: {},
    ...overrides,
  };
}
