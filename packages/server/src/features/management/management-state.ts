import { ErrorCodes, ModuleError, ModuleNotFoundError } from '@apcore-mcp/core';
import type { RegistryLike } from '@apcore-mcp/core/bridge';
import { loadModuleFile } from '@apcore-mcp/runtime';
import type { CallSamples } from './call-samples.js';

/** A registry the control tools can change: apcore-js's and ours both have these. */
export interface WritableRegistry extends RegistryLike {
  register(moduleId: string, module: unknown, options?: { file?: string }): void;
  unregister(moduleId: string): unknown;
}

/** Whether `registry` can take the `system.*` modules (and have one reloaded). */
export function isWritableRegistry(registry: RegistryLike): registry is WritableRegistry {
  const candidate = registry as Partial<WritableRegistry>;
  return typeof candidate.register === 'function' && typeof candidate.unregister === 'function';
}

/** The error code of a call to a module switched off by `system.control.toggle_feature`. */
export const MODULE_DISABLED: string = ErrorCodes.MODULE_DISABLED;

/**
 * What the `system.*` modules read and change: the calls answered, the modules switched off,
 * the runtime settings `update_config` set, and how a module file is imported again.
 *
 * @example
 * ```ts
 * const state = new ManagementState({ registry, samples, server: { name, version }, onToggle });
 * state.setEnabled('image.resize', false);
 * ```
 */
export class ManagementState {
  readonly registry: WritableRegistry;
  readonly samples: CallSamples;
  readonly server: { readonly name: string; readonly version: string };
  readonly startedAt = Date.now();
  readonly #disabled = new Set<string>();
  readonly #settings = new Map<string, unknown>();
  readonly #onToggle: () => void;

  constructor(options: {
    registry: WritableRegistry;
    samples: CallSamples;
    server: { name: string; version: string };
    onToggle: () => void;
  }) {
    this.registry = options.registry;
    this.samples = options.samples;
    this.server = options.server;
    this.#onToggle = options.onToggle;
  }

  /** The modules a client may ask about: every registered one but the `system.*` ones. */
  appModules(): string[] {
    return this.registry.list().filter((moduleId) => !moduleId.startsWith('system.'));
  }

  /** `moduleId` when it names an application module. @throws {ModuleNotFoundError} */
  knownModule(moduleId: unknown): string {
    if (typeof moduleId === 'string' && this.appModules().includes(moduleId)) return moduleId;
    throw new ModuleNotFoundError({ moduleId: String(moduleId) });
  }

  isEnabled(moduleId: string): boolean {
    return !this.#disabled.has(moduleId);
  }

  /** Switches `moduleId` on or off; tells clients the tool list changed when it did. */
  setEnabled(moduleId: string, enabled: boolean): boolean {
    const before = this.isEnabled(moduleId);
    if (enabled) this.#disabled.delete(moduleId);
    else this.#disabled.add(moduleId);
    if (before !== enabled) this.#onToggle();
    return before;
  }

  get disabled(): string[] {
    return [...this.#disabled].sort();
  }

  /** Sets a runtime setting; returns what it was. */
  setSetting(key: string, value: unknown): unknown {
    const previous = this.#settings.get(key);
    this.#settings.set(key, value);
    return previous;
  }

  get settings(): Record<string, unknown> {
    return Object.fromEntries([...this.#settings].sort(([a], [b]) => (a < b ? -1 : 1)));
  }

  /**
   * Imports the file `moduleId` was loaded from again and registers what it exports in its
   * place (the registry's `unregister` then `register`: a following server rebuilds its tool).
   *
   * @throws {ModuleError} `MODULE_LOAD_ERROR` when the module came from no file or its file
   *   fails to import; the module registered before stays.
   */
  async reload(moduleId: string): Promise<void> {
    const file = this.registry.fileOf?.(moduleId) ?? null;
    if (file === null) {
      throw new ModuleError({
        code: 'MODULE_LOAD_ERROR',
        message: `Module ${moduleId} was not loaded from a file and cannot be reloaded`,
      });
    }
    // The import's own error names the file: the answer must not, so the cause is kept aside.
    const module = await loadModuleFile(file, { fresh: true }).catch((cause: unknown) => {
      throw new ModuleError({
        code: 'MODULE_LOAD_ERROR',
        message: `Module ${moduleId} could not be reloaded: its file failed to import`,
        cause,
      });
    });
    this.registry.unregister(moduleId);
    this.registry.register(moduleId, module, { file });
  }
}
