import type { GeminiSchemaField } from '../types.js';

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{ const: x }` means `{ enum: [x] }`, and `enum` is in both subsets while `const` is not. */
function constToEnum(node: Node): void {
  if (!Object.hasOwn(node, 'const') || Object.hasOwn(node, 'enum')) return;
  node.enum = [node.const];
  delete node.const;
}

/** `type: ['string', 'null']` -> `type: 'string', nullable: true`; longer lists stay (refused). */
function typeListToNullable(node: Node): void {
  if (!Array.isArray(node.type)) return;
  const types = node.type.filter((type) => type !== 'null');
  if (types.length < node.type.length) node.nullable = true;
  if (types.length === 1) node.type = types[0];
  else if (types.length === 0) node.type = 'null';
  else node.type = types;
}

/** A `null` enum value or `anyOf` branch -> `nullable: true`; a single branch left is unwrapped. */
function nullMembersToNullable(node: Node): void {
  if (Array.isArray(node.enum) && node.enum.includes(null)) {
    node.enum = node.enum.filter((value) => value !== null);
    node.nullable = true;
  }
  if (!Array.isArray(node.anyOf)) return;
  const branches = node.anyOf.filter((branch) => !(isNode(branch) && branch.type === 'null'));
  if (branches.length === node.anyOf.length || branches.length === 0) return;
  node.nullable = true;
  const [only] = branches;
  if (branches.length === 1 && isNode(only)) {
    delete node.anyOf;
    for (const [key, value] of Object.entries(only))
      if (!Object.hasOwn(node, key)) node[key] = value;
  } else {
    node.anyOf = branches;
  }
}

/**
 * `enum` holds strings in the OpenAPI subset: a number enum is sent as its values' text with
 * `format: 'enum'`, as the Schema reference's apartment-number example shows; a string enum is
 * marked `format: 'enum'` too. Other values (booleans, objects) stay, and the check refuses them.
 */
function enumToStrings(node: Node): void {
  if (!Array.isArray(node.enum)) return;
  const values = node.enum;
  if (values.every((value) => typeof value === 'string')) {
    if (node.type === undefined) node.type = 'string';
  } else if (values.every((value) => typeof value === 'number' && Number.isFinite(value))) {
    if (node.type === undefined) {
      node.type = values.every((value) => Number.isInteger(value)) ? 'integer' : 'number';
    }
    node.enum = values.map(String);
  } else {
    return;
  }
  if (node.format === undefined) node.format = 'enum';
}

function rewriteNode(value: unknown, field: GeminiSchemaField): void {
  if (!isNode(value)) return;
  constToEnum(value);
  if (field === 'parameters') {
    typeListToNullable(value);
    nullMembersToNullable(value);
    enumToStrings(value);
    // The subset has no such field: a closed object is what it means anyway, and the Executor
    // still refuses extra fields. An open one (`true`, a schema) is left for the check to refuse.
    if (value.additionalProperties === false) delete value.additionalProperties;
  }
  if (isNode(value.properties)) {
    for (const property of Object.values(value.properties)) rewriteNode(property, field);
  }
  if (isNode(value.items)) rewriteNode(value.items, field);
  for (const key of ['anyOf', 'prefixItems']) {
    const list = value[key];
    if (Array.isArray(list)) for (const branch of list) rewriteNode(branch, field);
  }
}

/**
 * The rewrites into Gemini's subsets that keep a schema's meaning, done in place on a schema the
 * caller owns (the strict rewriting's fresh copy): `const` to a one-value `enum`; for
 * `parameters` also type lists, `null` enum values and `null` branches to `nullable: true`,
 * enums to strings with `format: 'enum'`, and `additionalProperties: false` removed.
 */
export function rewriteForGemini(schema: Node, field: GeminiSchemaField): void {
  rewriteNode(schema, field);
}
