import { isSchemaNode, readTypes } from './schema-node.js';

type SchemaNode = Record<string, unknown>;

/** A new `{ type: 'null' }` branch: a literal, since spreading a frozen one is far slower. */
function nullSchema(): SchemaNode {
  return { type: 'null' };
}

/** `node` itself when the caller may have it changed, else a shallow copy to change. */
function writable(node: SchemaNode, own: boolean): SchemaNode {
  return own ? node : { ...node };
}

function withNullEnum(node: SchemaNode, own: boolean): SchemaNode {
  if (!Array.isArray(node.enum) || node.enum.includes(null)) return node;
  const result = writable(node, own);
  result.enum = [...node.enum, null];
  return result;
}

/** Wraps a node the type rules cannot widen; the description stays outside, for the model. */
function wrapInAnyOf(node: SchemaNode): SchemaNode {
  const { description, ...rest } = node;
  const wrapped: SchemaNode = { anyOf: [rest, nullSchema()] };
  if (description !== undefined) wrapped.description = description;
  return wrapped;
}

function addNull(node: SchemaNode, own: boolean): SchemaNode {
  if (Object.hasOwn(node, 'const')) return wrapInAnyOf(node);
  if (node.type !== undefined) {
    const types = readTypes(node);
    if (types.includes('null')) return withNullEnum(node, own);
    const result = writable(node, own);
    result.type = [...types, 'null'];
    return withNullEnum(result, true);
  }
  if (Array.isArray(node.anyOf)) {
    const hasNullBranch = node.anyOf.some(
      (branch) => isSchemaNode(branch) && readTypes(branch).includes('null'),
    );
    if (hasNullBranch) return node;
    const result = writable(node, own);
    result.anyOf = [...node.anyOf, nullSchema()];
    return result;
  }
  if (Array.isArray(node.enum)) return withNullEnum(node, own);
  return wrapInAnyOf(node);
}

/**
 * Makes a (strict) schema node also accept `null`, the way OpenAI's strict mode expresses an
 * optional value: a `type` gains `"null"` (and an `enum` gains `null`), an `anyOf` gains a
 * `{ type: 'null' }` branch, a bare `enum` gains `null`; anything else (a `const`, an untyped
 * node) is wrapped as `anyOf: [node, { type: 'null' }]`. Never mutates its input.
 *
 * @example
 * ```ts
 * makeNullable({ type: 'string', enum: ['a', 'b'] }); // { type: ['string', 'null'], enum: ['a', 'b', null] }
 * ```
 */
export function makeNullable(node: unknown): unknown {
  return isSchemaNode(node) ? addNull(node, false) : node;
}

/**
 * {@link makeNullable} for a node the caller has just built and no one else holds: its `type`,
 * `enum` or `anyOf` is replaced in place rather than in a copy of the whole node.
 */
export function makeOwnNodeNullable(node: unknown): unknown {
  return isSchemaNode(node) ? addNull(node, true) : node;
}
