import type { ModuleAnnotations, ModuleExample } from './contract.js';
import { isRecord } from './is-record.js';
import type { ModuleContext } from './module-context.js';
import { describeUiProblem, type ModuleUiInput } from './module-ui.js';

/**
 * What a registry (`@apcore-mcp/runtime`'s `Registry`) accepts as a module: any object with a
 * `description`, an `inputSchema` and an `execute` and/or `stream` method. Modules made by `defineModule` qualify,
 * and so do class instances of other apcore runtimes; optional fields are read structurally.
 *
 * @example
 * ```ts
 * const module: ModuleLike = {
 *   description: 'Echo the inputs',
 *   inputSchema: { type: 'object' },
 *   execute: (inputs) => inputs,
 * };
 * ```
 */
export interface ModuleLike {
  readonly description: string;
  readonly inputSchema: object;
  readonly moduleId?: string;
  readonly name?: string | null;
  readonly documentation?: string | null;
  readonly outputSchema?: object | null;
  readonly tags?: readonly string[] | null;
  readonly version?: string | null;
  readonly annotations?: Partial<ModuleAnnotations> | object | null;
  readonly examples?: readonly ModuleExample[] | null;
  readonly metadata?: Record<string, unknown> | null;
  /** Overrides the executor's default timeout for this module (0 = none). */
  readonly timeoutMs?: number | null;
  /** A UI served next to the module's tool (MCP Apps): a path to an HTML file, or the object. */
  readonly ui?: ModuleUiInput | null;
  execute?(inputs: Record<string, unknown>, context: ModuleContext): unknown;
  stream?(inputs: Record<string, unknown>, context: ModuleContext): AsyncIterable<unknown>;
}

/**
 * Why `value` is not a {@link ModuleLike}, or `null` when it is one.
 *
 * @example
 * ```ts
 * describeModuleProblem({ description: 'x' }); // 'inputSchema must be an object'
 * ```
 */
export function describeModuleProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'is not an object';
  const candidate = value as Record<string, unknown>;
  if (typeof candidate.description !== 'string' || candidate.description.trim() === '') {
    return 'description must be a non-empty string';
  }
  if (!isRecord(candidate.inputSchema)) return 'inputSchema must be an object';
  if (typeof candidate.execute !== 'function' && typeof candidate.stream !== 'function') {
    return 'needs an execute or a stream function';
  }
  return candidate.ui === undefined || candidate.ui === null
    ? null
    : describeUiProblem(candidate.ui);
}

/**
 * Whether `value` can be registered as a module.
 *
 * @example
 * ```ts
 * if (isModuleLike(imported.default)) registry.register('a', imported.default);
 * ```
 */
export function isModuleLike(value: unknown): value is ModuleLike {
  return describeModuleProblem(value) === null;
}
