import { describeValue, fail, type RefLink, type Walk } from './inline-refs-walk.js';
import { formatPointer, parseRef } from './json-pointer.js';

/** A parsed local `$ref`: its pointer segments and the normalized pointer. */
export interface RefTarget {
  readonly segments: readonly string[];
  readonly pointer: string;
}

/**
 * Local `$ref` values already parsed. Registries repeat the same few (`#/$defs/Address`) in
 * module after module, and parsing is a good part of inlining one; parsing depends on the text
 * alone, so the results are shared (read-only). Bounded: cleared when full.
 */
const parsedRefs = new Map<string, RefTarget>();
const MAX_PARSED_REFS = 1024;

/** The text of a `$ref`; fails when it is not a string. */
export function readRefText(walk: Walk, ref: unknown): string {
  if (typeof ref !== 'string') {
    fail(walk, 'invalid-reference', `Invalid $ref: expected a string, got ${describeValue(ref)}`);
  }
  return ref;
}

/**
 * The parsed form of a `$ref` this package can inline; fails on any other `$ref`.
 */
export function readLocalRef(walk: Walk, ref: string): RefTarget {
  if (walk.inEmbeddedResource) {
    const message = `Unsupported $ref "${ref}": it stands inside a subschema with its own $id, so it resolves against that $id; only references into the root document can be inlined`;
    fail(walk, 'non-local-reference', message, { ref });
  }
  const known = parsedRefs.get(ref);
  if (known !== undefined) return known;
  const parsed = parseRef(ref);
  if (parsed.kind === 'non-local') {
    const message = `Unsupported $ref "${ref}": only local JSON-pointer references such as "#/$defs/Name" can be inlined; other documents, URLs, $id and anchor references are never fetched`;
    fail(walk, 'non-local-reference', message, { ref });
  }
  if (parsed.kind === 'invalid') {
    fail(walk, 'invalid-reference', `Invalid $ref "${ref}": ${parsed.problem}`, { ref });
  }
  const target: RefTarget = { segments: parsed.segments, pointer: formatPointer(parsed.segments) };
  if (parsedRefs.size >= MAX_PARSED_REFS) parsedRefs.clear();
  parsedRefs.set(ref, target);
  return target;
}

/** The `$ref` values from the first visit of `pointer` back to it, or undefined. */
export function findCycle(chain: RefLink, pointer: string, ref: string): string[] | undefined {
  let first = chain;
  while (first !== undefined && first.pointer !== pointer) first = first.parent;
  if (first === undefined) return undefined;
  const refs: string[] = [ref];
  for (let link = chain; link !== undefined; link = link.parent) {
    refs.unshift(link.ref);
    if (link === first) break;
  }
  return refs;
}
