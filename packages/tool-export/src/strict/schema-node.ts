/** Whether `value` is a JSON object (a schema node), not an array or null. */
export function isSchemaNode(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Escapes one JSON pointer segment (RFC 6901): `~` -> `~0`, `/` -> `~1`. */
function escapeSegment(segment: string | number): string {
  const text = String(segment);
  if (!text.includes('~') && !text.includes('/')) return text;
  return text.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Where a walk of a schema stands, as the keys from the root: stepped down into and back out
 * of, and formatted as a JSON pointer (RFC 6901) only when something is reported there. Walks
 * visit every node but report at few, so building a pointer string per node would be wasted.
 */
export class SchemaPath {
  readonly #segments: Array<string | number> = [];

  /** One step down, to the value under `segment`. */
  enter(segment: string | number): void {
    this.#segments.push(segment);
  }

  /** Back up from the last {@link enter}. */
  leave(): void {
    this.#segments.pop();
  }

  /** The JSON pointer of where the walk stands: `''` at the root, `/properties/a` below. */
  pointer(): string {
    let pointer = '';
    for (const segment of this.#segments) pointer = `${pointer}/${escapeSegment(segment)}`;
    return pointer;
  }
}

/** The listed types of a schema node: `type: 'string'` -> `['string']`, absent -> `[]`. */
export function readTypes(node: Record<string, unknown>): string[] {
  const type = node.type;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type))
    return type.filter((entry): entry is string => typeof entry === 'string');
  return [];
}

/** Structural equality of two JSON values; key order does not matter. */
export function isJsonEqual(left: unknown, right: unknown): boolean {
  if (Object.is(left, right)) return true;
  if (Array.isArray(left) || Array.isArray(right)) {
    return (
      Array.isArray(left) &&
      Array.isArray(right) &&
      left.length === right.length &&
      left.every((item, index) => isJsonEqual(item, right[index]))
    );
  }
  if (!isSchemaNode(left) || !isSchemaNode(right)) return false;
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && isJsonEqual(left[key], right[key]))
  );
}
