import { type Definition, type DefinitionKind, isDefinition } from '@apcore-mcp/core/bridge';
import { describeValue } from './describe-value.js';
import { InvalidOptionError } from './invalid-option-error.js';

/**
 * What the `resources`, `resourceTemplates` and `prompts` options take: the definitions made by
 * `@apcore-mcp/core`'s `define*` functions, or a function returning the current ones (read on
 * every request, so a list that changes — a watched extensions directory — shows up at once,
 * and clients are told of it when the server hears `definitionsChanged()`).
 *
 * @example
 * ```ts
 * const resources: DefinitionList<ResourceDefinition> = [readme, logo];
 * const live: DefinitionList<ResourceDefinition> = () => watcher.resources();
 * ```
 */
export type DefinitionList<D extends Definition> = readonly D[] | (() => readonly D[]);

/**
 * Where the definitions of one kind come from: those served right now, and whether they may
 * change while serving.
 *
 * @example
 * ```ts
 * const none: DefinitionSource<ResourceDefinition> = { current: () => [], live: false };
 * ```
 */
export interface DefinitionSource<D extends Definition> {
  /** The definitions served right now. */
  current(): readonly D[];
  /**
   * Whether the list may change while serving (the option was a function): the server then
   * declares `listChanged` for it and tells clients when it changed.
   */
  readonly live: boolean;
}

const EMPTY = Object.freeze([]);

/**
 * The default of an option of definitions: none, and never any.
 *
 * @example
 * ```ts
 * NO_DEFINITIONS.current(); // []
 * ```
 */
export const NO_DEFINITIONS: DefinitionSource<never> = Object.freeze({
  current: () => EMPTY,
  live: false,
});

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
 * source.current(); // [readme]
 * ```
 */
export function resolveDefinitionList<K extends DefinitionKind>(
  rule: DefinitionListRule<K>,
  value: unknown,
): DefinitionSource<Extract<Definition, { kind: K }>> {
  type D = Extract<Definition, { kind: K }>;
  if (value === undefined) return { current: () => [], live: false };
  if (typeof value === 'function') {
    return { current: () => keepFirstOfEachKey(rule, (value as () => unknown[])()), live: true };
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
  return { current: () => definitions, live: false };
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
