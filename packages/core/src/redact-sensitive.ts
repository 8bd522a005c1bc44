import { readContentItems } from './content/read-content-result.js';
import { isRecord } from './is-record.js';
import { toJsonValue } from './serialize-output.js';

/**
 * What a secret value is replaced with: the apcore contract's placeholder.
 *
 * @example
 * ```ts
 * if (record.arguments.password === REDACTED_VALUE) console.log('redacted');
 * ```
 */
export const REDACTED_VALUE = '***REDACTED***';

/**
 * Keys starting with this are secrets whatever the schema says (the apcore contract's
 * convention for values a module computes but must never hand out).
 *
 * @example
 * ```ts
 * redactSensitive({ _secret_api_key: 'k' }, undefined); // { _secret_api_key: '***REDACTED***' }
 * ```
 */
export const SECRET_KEY_PREFIX = '_secret_';

type Schema = Readonly<Record<string, unknown>>;

/**
 * Deeper than this, a value is not walked: it is redacted whole (failing closed), since a
 * `_secret_` key could hide below. JSON that deep is refused on the way in anyway.
 */
const MAX_DEPTH = 256;
/** More `$ref` jumps than this in a row (a cycle) resolve no further. */
const MAX_REF_HOPS = 64;

/**
 * A copy of `value` in which every secret is {@link REDACTED_VALUE}: each part the schema marks
 * `x-sensitive: true` (properties at any depth, array items (`items`, `prefixItems`),
 * `additionalProperties` and `patternProperties`, the branches of `allOf`/`anyOf`/`oneOf`, and
 * local `$ref`s into `$defs`/`definitions`, their sibling keywords included), and the value of
 * every key starting with {@link SECRET_KEY_PREFIX} at any depth, with or without a schema.
 * The input is never modified; what the schema does not mark is kept as is.
 *
 * @example
 * ```ts
 * redactSensitive(
 *   { user: 'ann', password: 'hunter2' },
 *   { type: 'object', properties: { password: { type: 'string', 'x-sensitive': true } } },
 * ); // { user: 'ann', password: '***REDACTED***' }
 * ```
 */
export function redactSensitive(value: unknown, schema: unknown): unknown {
  // Not json-schema-traverse: it only visits a schema; redaction walks a value and its schema together.
  const root = isRecord(schema) ? schema : undefined;
  return redactWith(value, root, root, 0);
}

function redactWith(
  value: unknown,
  schema: Schema | undefined,
  root: Schema | undefined,
  depth: number,
): unknown {
  if (value === undefined) return value;
  if (depth > MAX_DEPTH) return REDACTED_VALUE;
  const resolved =
    schema === undefined || root === undefined ? undefined : resolveRef(schema, root);
  if (resolved?.['x-sensitive'] === true) return REDACTED_VALUE;
  let redacted: unknown = value;
  for (const branch of resolved === undefined ? [] : branchesOf(resolved)) {
    redacted = redactWith(redacted, branch, root, depth + 1);
  }
  if (Array.isArray(redacted)) return redactItems(redacted, resolved, root, depth);
  if (isRecord(redacted)) return redactProperties(redacted, resolved, root, depth);
  return redacted;
}

function branchesOf(schema: Schema): Schema[] {
  const branches: Schema[] = [];
  for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[keyword];
    if (Array.isArray(list)) branches.push(...list.filter(isRecord));
  }
  return branches;
}

/** `#/$defs/card` -> the schema it points at, in the root; the schema itself otherwise. */
function resolveRef(schema: Schema, root: Schema): Schema {
  let current = schema;
  for (let hops = 0; typeof current.$ref === 'string' && hops < MAX_REF_HOPS; hops++) {
    const target = readPointer(root, current.$ref);
    if (target === undefined) return current;
    // Siblings of $ref (2020-12) still apply: an `x-sensitive` next to it redacts too.
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

function redactItems(
  items: unknown[],
  schema: Schema | undefined,
  root: Schema | undefined,
  depth: number,
): unknown[] {
  // Draft-07 tuples (`items: [...]`) and 2020-12 ones (`prefixItems`, then `items`).
  const tuple = Array.isArray(schema?.prefixItems)
    ? schema.prefixItems
    : Array.isArray(schema?.items)
      ? schema.items
      : [];
  const rest = isRecord(schema?.items)
    ? schema.items
    : isRecord(schema?.additionalItems)
      ? schema.additionalItems
      : undefined;
  return items.map((item, index) => {
    const itemSchema = index < tuple.length ? tuple[index] : rest;
    return redactWith(item, isRecord(itemSchema) ? itemSchema : undefined, root, depth + 1);
  });
}

function redactProperties(
  value: Record<string, unknown>,
  schema: Schema | undefined,
  root: Schema | undefined,
  depth: number,
): Record<string, unknown> {
  const properties = isRecord(schema?.properties) ? schema.properties : {};
  const patterns = isRecord(schema?.patternProperties)
    ? Object.entries(schema.patternProperties)
    : [];
  const additional = isRecord(schema?.additionalProperties)
    ? schema.additionalProperties
    : undefined;
  const redacted: [string, unknown][] = [];
  for (const [key, property] of Object.entries(value)) {
    if (key.startsWith(SECRET_KEY_PREFIX)) {
      redacted.push([key, REDACTED_VALUE]);
      continue;
    }
    const own = Object.hasOwn(properties, key) ? properties[key] : undefined;
    const matching = patterns.filter(([pattern]) => matchesPattern(pattern, key));
    const schemas = (
      own !== undefined || matching.length > 0 ? [own, ...matching.map(([, s]) => s)] : [additional]
    ).filter(isRecord);
    let result = property;
    if (schemas.length === 0) result = redactWith(result, undefined, root, depth + 1);
    for (const candidate of schemas) result = redactWith(result, candidate, root, depth + 1);
    redacted.push([key, result]);
  }
  // fromEntries defines own properties: a `__proto__` key stays data.
  return Object.fromEntries(redacted);
}

function matchesPattern(pattern: string, key: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(key);
  } catch {
    return false;
  }
}

/**
 * A module's output (or one streamed chunk of it) as a client may see it: its JSON-safe copy
 * (so a `Date` or a `Map` reads as it does on the wire) with every secret redacted by
 * {@link redactSensitive} against the module's output schema. Content answers (`text()`,
 * `image()`, ...) pass as they are: their items have no fields of the module's choosing.
 *
 * @example
 * ```ts
 * const shown = redactOutput(await executor.call(moduleId, inputs), descriptor.outputSchema);
 * ```
 */
export function redactOutput(output: unknown, outputSchema: unknown): unknown {
  if (readContentItems(output) !== undefined) return output;
  return redactSensitive(toJsonValue(output), outputSchema);
}
