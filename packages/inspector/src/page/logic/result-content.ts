import { isPlainObject } from './json-schema.js';

/**
 * The content items of a tool result worth showing beside its `structuredContent`: all but the
 * text items that only repeat it as JSON (what a server adds for clients that read no
 * structured content), so that the page shows a JSON result once.
 *
 * @example
 * ```ts
 * contentBesideStructured([{ type: 'text', text: '{"found":true}' }], { found: true }); // []
 * contentBesideStructured([{ type: 'text', text: 'Found it' }], { found: true }); // [{ type: 'text', text: 'Found it' }]
 * ```
 */
export function contentBesideStructured(
  content: readonly unknown[],
  structured: unknown,
): unknown[] {
  if (structured === undefined) return [...content];
  return content.filter((item) => !repeats(item, structured));
}

function repeats(item: unknown, structured: unknown): boolean {
  if (!isPlainObject(item) || item.type !== 'text' || typeof item.text !== 'string') return false;
  try {
    return sameJson(JSON.parse(item.text), structured);
  } catch {
    return false;
  }
}

/** Whether two JSON values are equal, whatever the order of their keys. */
function sameJson(left: unknown, right: unknown): boolean {
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) {
      return false;
    }
    return left.every((value, index) => sameJson(value, right[index]));
  }
  if (isPlainObject(left) && isPlainObject(right)) {
    const keys = Object.keys(left);
    if (keys.length !== Object.keys(right).length) return false;
    return keys.every((key) => Object.hasOwn(right, key) && sameJson(left[key], right[key]));
  }
  return Object.is(left, right);
}
