import { ACLRuleError } from '@apcore-mcp/core';
import { matchPattern } from './match-pattern.js';

/** The operators a pattern array may open with (PROTOCOL_SPEC §6.2.1). */
const OR = '$or';
const NOT = '$not';

function refuse(rulePath: string, key: string, reason: string): never {
  throw new ACLRuleError(`${rulePath}.${key}: ${reason}`, { field: `${rulePath}.${key}` });
}

/**
 * Checks the `callers` or `targets` pattern array of a rule, in the contract's order (§6.2.1):
 * a non-empty list of non-empty strings; `$or` first takes one pattern or more after it, `$not`
 * first exactly one; neither operator anywhere else (the array is flat). Operators are told by
 * equality: `$orders.*` is an ordinary pattern.
 *
 * @throws {ACLRuleError} naming `<rulePath>.<key>` and the field.
 * @example
 * ```ts
 * readPatternArray(['$not', 'secrets.*'], 'mcp.acl.rules[0]', 'targets');
 * ```
 */
export function readPatternArray(value: unknown, rulePath: string, key: string): string[] {
  if (!Array.isArray(value) || value.length === 0) {
    refuse(rulePath, key, `'${key}' must be a non-empty list of patterns`);
  }
  value.forEach((pattern, index) => {
    if (typeof pattern !== 'string' || pattern === '') {
      refuse(rulePath, key, `'${key}[${index}]' must be a non-empty string`);
    }
    if (index > 0 && (pattern === OR || pattern === NOT)) {
      refuse(
        rulePath,
        key,
        `'${key}[${index}]' is '${pattern}', an operator that may only stand first`,
      );
    }
  });
  const operands = value.length - 1;
  if (value[0] === OR && operands < 1) {
    refuse(rulePath, key, `'${key}' opens with '$or' and needs at least one pattern after it`);
  }
  if (value[0] === NOT && operands !== 1) {
    refuse(
      rulePath,
      key,
      `'${key}' opens with '$not' and takes exactly one pattern after it, got ${operands}`,
    );
  }
  return [...(value as string[])];
}

/**
 * Whether a checked pattern array matches a name the subject answers to: a plain array or one
 * opening with `$or` when any pattern matches any of `names`; one opening with `$not` when its
 * pattern matches none of them.
 *
 * @example
 * ```ts
 * matchPatternArray(['$not', 'secrets.*'], ['orders.list']); // true
 * ```
 */
export function matchPatternArray(patterns: readonly string[], names: readonly string[]): boolean {
  if (patterns[0] === NOT) {
    const operand = patterns[1] ?? '';
    return !names.some((name) => matchPattern(operand, name));
  }
  const alternatives = patterns[0] === OR ? patterns.slice(1) : patterns;
  return alternatives.some((pattern) => names.some((name) => matchPattern(pattern, name)));
}
