import { isSchemaNode, readTypes } from './schema-node.js';

const NULL_SCHEMA = Object.freeze({ type: 'null' });

function withNullEnum(node: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(node.enum) || node.enum.includes(null)) return node;
  return { ...node, enum: [...node.enum, null] };
}

/** Wraps a node the type rules cannot widen; the description stays outside, for the model. */
function wrapInAnyOf(node: Record<string, unknown>): Record<string, unknown> {
  const { description, ...rest } = node;
  const wrapped: Record<string, unknown> = { anyOf: [rest, { ...NULL_SCHEMA }] };
  if (description !== undefined) wrapped.description = description;
  return wrapped;
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
  if (!isSchemaNode(node)) return node;
  if (Object.hasOwn(node, 'const')) return wrapInAnyOf(node);
  if (node.type !== undefined) {
    const types = readTypes(node);
    if (types.includes('null')) return withNullEnum(node);
    return withNullEnum({ ...node, type: [...types, 'null'] });
  }
  if (Array.isArray(node.anyOf)) {
    const hasNullBranch = node.anyOf.some(
      (branch) => isSchemaNode(branch) && readTypes(branch).includes('null'),
    );
    return hasNullBranch ? node : { ...node, anyOf: [...node.anyOf, { ...NULL_SCHEMA }] };
  }
  if (Array.isArray(node.enum)) return withNullEnum(node);
  return wrapInAnyOf(node);
}
