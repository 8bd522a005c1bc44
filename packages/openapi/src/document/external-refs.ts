import { isRecord } from '@apcore-mcp/core/bridge';

/**
 * Every `$ref` of `document` that points outside it (to another file or a URL), each once, in
 * document order. A local reference starts with `#`.
 *
 * @example
 * ```ts
 * findExternalRefs({ a: { $ref: './pet.yaml' }, b: { $ref: '#/components/schemas/Pet' } }); // ['./pet.yaml']
 * ```
 */
export function findExternalRefs(document: unknown): string[] {
  const found = new Set<string>();
  const pending: unknown[] = [document];
  const seen = new Set<unknown>();
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    if (isRecord(value) && typeof value.$ref === 'string' && !value.$ref.startsWith('#')) {
      found.add(value.$ref);
    }
    // A copy is reversed (so the stack pops in document order), never the document's own array.
    const children = Array.isArray(value) ? [...value] : Object.values(value);
    pending.push(...children.reverse());
  }
  return [...found];
}
