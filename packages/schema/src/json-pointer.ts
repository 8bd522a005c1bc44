/**
 * Local `$ref` values (`#/$defs/Name`, `#/definitions/Name`, `#/$defs/A/properties/b`, `#`)
 * parsed into JSON pointer segments, and resolved against the document that holds them.
 *
 * A `$ref` is a URI reference, so its fragment is percent-decoded first and only then split
 * and unescaped as a JSON pointer (`~1` -> `/`, `~0` -> `~`), as RFC 6901 §6 requires.
 */

/** The outcome of parsing a `$ref` value. */
export type ParsedRef =
  | { kind: 'local'; segments: string[] }
  | { kind: 'non-local' }
  | { kind: 'invalid'; problem: string };

/** Parses a `$ref` value; only same-document JSON pointers are `local`. */
export function parseRef(ref: string): ParsedRef {
  if (!ref.startsWith('#')) return { kind: 'non-local' };
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    return { kind: 'invalid', problem: 'its percent-encoding is malformed' };
  }
  if (pointer === '') return { kind: 'local', segments: [] };
  // "#name" is a plain-name fragment: it names an $anchor, which only $id-aware resolution knows.
  if (!pointer.startsWith('/')) return { kind: 'non-local' };
  const segments: string[] = [];
  for (const raw of pointer.slice(1).split('/')) {
    if (/~(?![01])/.test(raw)) {
      return { kind: 'invalid', problem: `"~" must be followed by 0 or 1 in "${raw}"` };
    }
    segments.push(raw.replaceAll('~1', '/').replaceAll('~0', '~'));
  }
  return { kind: 'local', segments };
}

/** The value the segments lead to in `document`, or `undefined` when there is none. */
export function resolvePointer(document: unknown, segments: readonly string[]): unknown {
  let current: unknown = document;
  for (const segment of segments) {
    if (Array.isArray(current)) {
      if (!/^(0|[1-9][0-9]*)$/.test(segment)) return undefined;
      current = current[Number(segment)];
    } else if (typeof current === 'object' && current !== null && Object.hasOwn(current, segment)) {
      current = (current as Record<string, unknown>)[segment];
    } else {
      return undefined;
    }
  }
  return current;
}

/** Formats segments as a JSON pointer string (`""` for the root). */
export function formatPointer(segments: readonly string[]): string {
  return segments
    .map((segment) => `/${segment.replaceAll('~', '~0').replaceAll('/', '~1')}`)
    .join('');
}
