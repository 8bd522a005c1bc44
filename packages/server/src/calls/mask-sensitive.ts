import { isRecord } from '@apcore-mcp/core';
/**
 * What a masked value is replaced with.
 *
 * @example
 * ```ts
 * if (record.arguments.password === MASKED_VALUE) console.log('masked');
 * ```
 */
export const MASKED_VALUE = '***';

type Schema = Readonly<Record<string, unknown>>;

/** Deeper than this, a (cyclic or absurd) schema is followed no further: the value is kept. */
const MAX_DEPTH = 64;

/**
 * A copy of `value` in which every part the schema marks `x-sensitive: true` is `"***"`:
 * properties at any depth, array items (`items`, `prefixItems`), `additionalProperties` and
 * `patternProperties`, the branches of `allOf`/`anyOf`/`oneOf`, and local `$ref`s into
 * `$defs`/`definitions`. Without a schema (or where the schema says nothing) values are kept.
 * The input is never modified.
 *
 * @example
 * ```ts
 * maskSensitive(
 *   { user: 'ann', password: 'hunter2' },
 *   { type: 'object', properties: { password: { type: 'string', 'x-sensitive': true } } },
 * ); // { user: 'ann', password: '***' }
 * ```
 */
export function maskSensitive(value: unknown, schema: unknown): unknown {
  // Not json-schema-traverse: it only visits a schema; masking walks a value and its schema together.
  return isRecord(schema) ? maskWith(value, schema, schema, 0) : value;
}

function maskWith(value: unknown, schema: Schema, root: Schema, depth: number): unknown {
  if (value === undefined || depth > MAX_DEPTH) return value;
  const resolved = resolveRef(schema, root);
  if (resolved['x-sensitive'] === true) return MASKED_VALUE;
  let masked: unknown = value;
  for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
    const branches = resolved[keyword];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      if (isRecord(branch)) masked = maskWith(masked, branch, root, depth + 1);
    }
  }
  if (Array.isArray(masked)) return maskItems(masked, resolved, root, depth);
  if (isRecord(masked)) return maskProperties(masked, resolved, root, depth);
  return masked;
}

/** `#/$defs/card` -> the schema it points at, in the root; the schema itself otherwise. */
function resolveRef(schema: Schema, root: Schema): Schema {
  let current = schema;
  for (let hops = 0; typeof current.$ref === 'string' && hops < MAX_DEPTH; hops++) {
    const target = readPointer(root, current.$ref);
    if (target === undefined) return current;
    // Siblings of $ref (2020-12) still apply: an `x-sensitive` next to it masks too.
    const { $ref: _ref, ...siblings } = current;
    current = { ...target, ...siblings };
  }
  return current;
}

function readPointer(root: Schema, ref: string): Schema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    node =
      isRecord(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return isRecord(node) ? node : undefined;
}

function maskItems(items: unknown[], schema: Schema, root: Schema, depth: number): unknown[] {
  // Draft-07 tuples (`items: [...]`) and 2020-12 ones (`prefixItems`, then `items`).
  const tuple = Array.isArray(schema.prefixItems)
    ? schema.prefixItems
    : Array.isArray(schema.items)
      ? schema.items
      : [];
  const rest = isRecord(schema.items)
    ? schema.items
    : isRecord(schema.additionalItems)
      ? schema.additionalItems
      : undefined;
  return items.map((item, index) => {
    const itemSchema = index < tuple.length ? tuple[index] : rest;
    return isRecord(itemSchema) ? maskWith(item, itemSchema, root, depth + 1) : item;
  });
}

function maskProperties(
  value: Record<string, unknown>,
  schema: Schema,
  root: Schema,
  depth: number,
): Record<string, unknown> {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const patterns = isRecord(schema.patternProperties)
    ? Object.entries(schema.patternProperties)
    : [];
  const additional = isRecord(schema.additionalProperties)
    ? schema.additionalProperties
    : undefined;
  const masked: [string, unknown][] = [];
  for (const [key, property] of Object.entries(value)) {
    const own = Object.hasOwn(properties, key) ? properties[key] : undefined;
    const matching = patterns.filter(([pattern]) => matchesPattern(pattern, key));
    const schemas =
      own !== undefined || matching.length > 0
        ? [own, ...matching.map(([, s]) => s)]
        : [additional];
    let result = property;
    for (const candidate of schemas) {
      if (isRecord(candidate)) result = maskWith(result, candidate, root, depth + 1);
    }
    masked.push([key, result]);
  }
  // fromEntries defines own properties: a `__proto__` argument stays data.
  return Object.fromEntries(masked);
}

function matchesPattern(pattern: string, key: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(key);
  } catch {
    return false;
  }
}
