import type { ListOptions, ModuleDescriptor, RegistryLike } from '@apcore-mcp/core/bridge';

/**
 * A registry holding fixed descriptors: enough for the converter, which only lists and reads
 * definitions. (Calls are tested against the real Executor of @apcore-mcp/core.)
 */
export function createStaticRegistry(descriptors: readonly ModuleDescriptor[]): RegistryLike {
  const byId = new Map(descriptors.map((descriptor) => [descriptor.moduleId, descriptor]));
  return {
    list(options: ListOptions = {}) {
      return [...byId.values()]
        .filter(
          (descriptor) =>
            options.prefix === undefined || descriptor.moduleId.startsWith(options.prefix),
        )
        .filter((descriptor) => (options.tags ?? []).every((tag) => descriptor.tags.includes(tag)))
        .map((descriptor) => descriptor.moduleId);
    },
    getDefinition(moduleId) {
      return byId.get(moduleId) ?? null;
    },
    on() {},
  };
}
