import { isJsonEqual, isSchemaNode } from './schema-node.js';

/** The outcome of {@link mergeAllOf}: the merged node, or why it cannot be merged safely. */
export type AllOfMerge =
  | { merged: Record<string, unknown>; conflict?: undefined }
  | { merged?: undefined; conflict: string };

/** Branch keywords that only describe: the parent's value wins, nothing can conflict. */
const ANNOTATIONS = new Set(['description', 'title', 'examples', '$comment', 'default']);

type Merger = (target: Record<string, unknown>, value: unknown) => string | undefined;

function mergeProperties(target: Record<string, unknown>, value: unknown): string | undefined {
  if (!isSchemaNode(value)) return '"properties" is not an object';
  const properties: Record<string, unknown> = isSchemaNode(target.properties)
    ? { ...target.properties }
    : {};
  for (const [name, schema] of Object.entries(value)) {
    if (Object.hasOwn(properties, name) && !isJsonEqual(properties[name], schema)) {
      return `property "${name}" is declared differently by two branches`;
    }
    Object.defineProperty(properties, name, {
      value: schema,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  target.properties = properties;
  return undefined;
}

function mergeRequired(target: Record<string, unknown>, value: unknown): string | undefined {
  if (!Array.isArray(value)) return '"required" is not an array';
  const required = Array.isArray(target.required) ? target.required : [];
  target.required = [...new Set([...required, ...value])];
  return undefined;
}

/** Strict mode closes every object anyway; openness is reported on the merged node. */
const ignore: Merger = () => undefined;

const MERGERS: Readonly<Record<string, Merger>> = {
  properties: mergeProperties,
  required: mergeRequired,
  additionalProperties: ignore,
};

function mergeBranch(
  target: Record<string, unknown>,
  branch: Record<string, unknown>,
): string | undefined {
  for (const [key, value] of Object.entries(branch)) {
    const merger = MERGERS[key];
    if (merger !== undefined) {
      const conflict = merger(target, value);
      if (conflict !== undefined) return conflict;
    } else if (ANNOTATIONS.has(key) || key.startsWith('x-')) {
      if (!Object.hasOwn(target, key)) target[key] = value;
    } else if (!Object.hasOwn(target, key)) {
      target[key] = value;
    } else if (!isJsonEqual(target[key], value)) {
      return `"${key}" differs between branches`;
    }
  }
  return undefined;
}

/**
 * Folds a node's `allOf` into the node itself, when that changes nothing about what is valid:
 * properties are united (the same name must have the same schema), `required` lists are united,
 * and every other keyword must be absent on one side or equal on both. Nested `allOf`s in the
 * branches are folded first. Never mutates its input.
 *
 * @example
 * ```ts
 * mergeAllOf({ allOf: [{ type: 'object', properties: { a: {} } }, { properties: { b: {} } }] });
 * // { merged: { type: 'object', properties: { a: {}, b: {} } } }
 * ```
 */
export function mergeAllOf(node: Record<string, unknown>): AllOfMerge {
  const { allOf, ...rest } = node;
  if (!Array.isArray(allOf)) return { merged: { ...node } };
  const merged: Record<string, unknown> = { ...rest };
  for (const [index, branch] of allOf.entries()) {
    if (!isSchemaNode(branch)) return { conflict: `allOf branch ${index} is not a schema object` };
    const flattened = mergeAllOf(branch);
    if (flattened.conflict !== undefined) return flattened;
    const conflict = mergeBranch(merged, flattened.merged);
    if (conflict !== undefined) return { conflict: `allOf branch ${index}: ${conflict}` };
  }
  return { merged };
}
