import { type Definition, type DefinitionKind, isDefinition } from '@apcore-mcp/core';
import { describeValue } from './describe-value.js';
import { InvalidOptionError } from './invalid-option-error.js';

/**
 * What the `resources`, `resourceTemplates` and `prompts` options take: the definitions made by
 * `@apcore-mcp/core`'s `define*` functions, or a function returning the current ones (read on
 * every request, so a list that changes — a watched extensions directory — shows up at once).
 *
 * @example
 * ```ts
 * const resources: DefinitionList<ResourceDefinition> = [readme, logo];
 * const live: DefinitionList<ResourceDefinition> = () => watcher.resources();
 * ```
 */
export type DefinitionList<D extends Definition> = readonly D[] | (() => readonly D[]);

/**
 * The definitions of one kind served right now.
 *
 * @example
 * ```ts
 * const none: DefinitionSource<ResourceDefinition> = () => [];
 * ```
 */
export type DefinitionSource<D extends Definition> = () => readonly D[];

/** How one option of definitions is checked: its name, kind, key and the `define*` that makes it. */
export interface DefinitionListRule<K extends DefinitionKind> {
  option: string;
  kind: K;
  /** The function that makes one, named in errors. */
  maker: string;
  /** What two definitions must not share (a resource's URI, a prompt's name), and its name. */
  key: { name: string; of(definition: Extract<Definition, { kind: K }>): string };
}

/**
 * Checks an option of definitions: an array of definitions of the rule's kind, no two sharing a
 * key (copied, so later changes to the caller's array do nothing), or a function (whose results
 * are filtered to that kind, the first of a key winning). Absent: none.
 *
 * @throws {InvalidOptionError} naming the entry (`resources[1]`) that is not such a definition,
 * or the second of two with the same key.
 * @example
 * ```ts
 * const source = resolveDefinitionList(rule, [readme]);
 * source(); // [readme]
 * ```
 */
export function resolveDefinitionList<K extends DefinitionKind>(
  rule: DefinitionListRule<K>,
  value: unknown,
): DefinitionSource<Extract<Definition, { kind: K }>> {
  type D = Extract<Definition, { kind: K }>;
  if (value === undefined) return () => [];
  if (typeof value === 'function') {
    return () => keepFirstOfEachKey(rule, (value as () => unknown[])());
  }
  if (!Array.isArray(value)) {
    throw new InvalidOptionError({
      option: rule.option,
      value,
      expected: `an array of definitions made by ${rule.maker}, or a function returning one`,
    });
  }
  const seen = new Set<string>();
  value.forEach((entry: unknown, index) => {
    if (!isDefinition(entry, rule.kind)) {
      throw new InvalidOptionError({
        option: `${rule.option}[${index}]`,
        value: entry,
        expected: `a definition made by ${rule.maker}`,
        sentence: [
          { option: rule.option },
          `[${index}] must be made by ${rule.maker}, got ${describeEntry(entry)}`,
        ],
      });
    }
    const key = rule.key.of(entry as D);
    if (seen.has(key)) {
      throw new InvalidOptionError({
        option: `${rule.option}[${index}]`,
        value: key,
        expected: `a ${rule.key.name} no other entry has`,
        sentence: [
          { option: rule.option },
          `[${index}]: a second entry with the ${rule.key.name} ${key}`,
        ],
      });
    }
    seen.add(key);
  });
  const definitions = Object.freeze([...value] as D[]);
  return () => definitions;
}

function keepFirstOfEachKey<K extends DefinitionKind>(
  rule: DefinitionListRule<K>,
  entries: unknown,
): Extract<Definition, { kind: K }>[] {
  const seen = new Set<string>();
  const kept: Extract<Definition, { kind: K }>[] = [];
  for (const entry of Array.isArray(entries) ? entries : []) {
    if (!isDefinition(entry, rule.kind)) continue;
    const key = rule.key.of(entry);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(entry);
  }
  return kept;
}

function describeEntry(entry: unknown): string {
  if (isDefinition(entry)) return `a ${entry.kind} definition`;
  return describeValue(entry);
}
