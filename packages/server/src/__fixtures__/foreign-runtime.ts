import type {
  ExecutorLike,
  ModuleDescriptor,
  RegistryEventCallback,
  RegistryLike,
} from '@apcore-mcp/core/bridge';

/** One call a {@link ForeignExecutor} received. */
export interface ReceivedCall {
  moduleId: string;
  inputs: Record<string, unknown>;
  context: unknown;
}

/** A descriptor with every field filled, as apcore-js's `getDefinition()` returns it. */
export function describeModule(
  moduleId: string,
  overrides: Partial<ModuleDescriptor> = {},
): ModuleDescriptor {
  return {
    moduleId,
    name: null,
    description: `The ${moduleId} module`,
    documentation: null,
    inputSchema: {},
    outputSchema: {},
    version: '1.0.0',
    tags: [],
    annotations: null,
    examples: [],
    metadata: {},
    ...overrides,
  };
}

/**
 * A registry shaped like apcore-js's: plain descriptors, events, no `get()` the server could
 * use, and no relation whatsoever to this repository's runtime classes.
 */
export class ForeignRegistry implements RegistryLike {
  readonly descriptors = new Map<string, ModuleDescriptor>();
  readonly #listeners = {
    register: new Set<RegistryEventCallback>(),
    unregister: new Set<RegistryEventCallback>(),
  };

  add(descriptor: ModuleDescriptor): void {
    this.descriptors.set(descriptor.moduleId, descriptor);
    for (const listener of this.#listeners.register) listener(descriptor.moduleId, {});
  }

  remove(moduleId: string): void {
    if (!this.descriptors.delete(moduleId)) return;
    for (const listener of this.#listeners.unregister) listener(moduleId, {});
  }

  list(options: { tags?: readonly string[]; prefix?: string } = {}): string[] {
    return [...this.descriptors.values()]
      .filter((descriptor) => (options.tags ?? []).every((tag) => descriptor.tags.includes(tag)))
      .filter((descriptor) => descriptor.moduleId.startsWith(options.prefix ?? ''))
      .map((descriptor) => descriptor.moduleId);
  }

  getDefinition(moduleId: string): ModuleDescriptor | null {
    // The live object, as apcore-js hands it out: callers can see later in-place rewrites.
    return this.descriptors.get(moduleId) ?? null;
  }

  on(event: 'register' | 'unregister', callback: RegistryEventCallback): void {
    this.#listeners[event].add(callback);
  }
}

/**
 * An executor shaped like apcore-js's: `call(moduleId, inputs, context?)`, no `createContext`.
 * Like apcore-js it rewrites a module's input schema in place on first call (dropping `$defs`).
 */
export class ForeignExecutor implements ExecutorLike {
  readonly calls: ReceivedCall[] = [];

  constructor(
    readonly registry: ForeignRegistry,
    readonly handlers: Record<string, (inputs: Record<string, unknown>) => unknown>,
  ) {}

  async call(
    moduleId: string,
    inputs: Record<string, unknown>,
    context?: unknown,
  ): Promise<Record<string, unknown>> {
    this.calls.push({ moduleId, inputs, context });
    const descriptor = this.registry.descriptors.get(moduleId);
    const handler = this.handlers[moduleId];
    if (descriptor === undefined || handler === undefined) {
      throw Object.assign(new Error(`Module not found: ${moduleId}`), {
        code: 'MODULE_NOT_FOUND',
        details: { moduleId },
      });
    }
    delete descriptor.inputSchema.$defs;
    return (await handler(inputs)) as Record<string, unknown>;
  }
}
