import { isDeepStrictEqual } from 'node:util';
import type { ModuleLike } from '@apcore-mcp/core/bridge';

/** The data fields of a module: everything tools are built from, nothing that runs. */
const DATA_FIELDS = [
  'moduleId',
  'description',
  'inputSchema',
  'name',
  'documentation',
  'outputSchema',
  'tags',
  'version',
  'annotations',
  'examples',
  'metadata',
  'timeoutMs',
  'ui',
] as const;

/**
 * A module as data: its descriptor fields (as JSON) and which of `execute` and `stream` it has.
 * What the module cache stores, and what a module imported later is compared with.
 */
export interface ModuleSnapshot {
  fields: Record<string, unknown>;
  execute: boolean;
  stream: boolean;
}

/**
 * The snapshot of `module`, or `null` when its data does not survive JSON unchanged (a class
 * instance, a function, a `Date`, a cycle in a schema): such a module is imported at every
 * start, as without a cache.
 *
 * @example
 * ```ts
 * snapshotModule(defineModule({ description: 'Greet', inputSchema: {}, execute })); // { fields, execute: true, stream: false }
 * ```
 */
export function snapshotModule(module: ModuleLike): ModuleSnapshot | null {
  const fields: Record<string, unknown> = {};
  for (const field of DATA_FIELDS) {
    // Read through the prototype chain and getters: class modules and a resolved `ui` live there.
    const value = (module as unknown as Record<string, unknown>)[field];
    if (value !== undefined) fields[field] = value;
  }
  let copy: unknown;
  try {
    copy = JSON.parse(JSON.stringify(fields));
  } catch {
    return null;
  }
  if (!isDeepStrictEqual(copy, fields)) return null;
  return {
    fields: copy as Record<string, unknown>,
    execute: typeof module.execute === 'function',
    stream: typeof module.stream === 'function',
  };
}

/** Whether two snapshots describe the same tool. */
export function sameSnapshot(a: ModuleSnapshot, b: ModuleSnapshot): boolean {
  return isDeepStrictEqual(a, b);
}
