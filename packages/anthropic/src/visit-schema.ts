/** Where a node of a schema stands, and how its parent holds it. */
export interface VisitedNode {
  node: Record<string, unknown>;
  /** JSON pointer of the node (`''` for the root). */
  path: string;
  /** Set when the node is a property schema: its name and whether its object requires it. */
  property?: { name: string; required: boolean };
}

function isNode(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Calls `visit` on every schema node a strict schema can hold, depth first: the root, property
 * schemas, array `items`, and the branches of `anyOf` and `allOf`. Schemas here have their
 * `$ref`s inlined, so the walk is finite.
 */
export function visitSchema(schema: unknown, visit: (entry: VisitedNode) => void): void {
  walk(schema, '', undefined, visit);
}

function walk(
  value: unknown,
  path: string,
  property: VisitedNode['property'],
  visit: (entry: VisitedNode) => void,
): void {
  if (!isNode(value)) return;
  visit(property === undefined ? { node: value, path } : { node: value, path, property });
  if (isNode(value.properties)) {
    const required = new Set(Array.isArray(value.required) ? value.required : []);
    for (const [name, child] of Object.entries(value.properties)) {
      const childPath = `${path}/properties/${escapeSegment(name)}`;
      walk(child, childPath, { name, required: required.has(name) }, visit);
    }
  }
  if (isNode(value.items)) walk(value.items, `${path}/items`, undefined, visit);
  for (const key of ['anyOf', 'allOf']) {
    const branches = value[key];
    if (!Array.isArray(branches)) continue;
    branches.forEach((branch, index) => {
      walk(branch, `${path}/${key}/${index}`, undefined, visit);
    });
  }
}
