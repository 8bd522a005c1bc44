import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ACLRuleError, ConfigNotFoundError } from '@apcore-mcp/core';
import { isRecord } from '@apcore-mcp/core/bridge';
import { type ACLConditions, type ConditionTest, compileConditions } from './acl-conditions.js';
import type { Context } from './context.js';
import { matchPattern } from './match-pattern.js';

/**
 * YAML's `parse`, loaded on first use: only `ACL.load` reads YAML, and loading the parser at
 * startup would cost every process that never does.
 */
function parseYaml(text: string): unknown {
  const yaml = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return yaml.parse(text);
}

/** What a rule does when it matches. */
export type ACLEffect = 'allow' | 'deny';

/** One ACL rule: when a caller pattern and a target pattern both match, `effect` applies. */
export interface ACLRule {
  /** Caller patterns; `@external` is a top-level call (no calling module). */
  callers: readonly string[];
  /** Target module patterns. */
  targets: readonly string[];
  effect: ACLEffect;
  description?: string;
  /** Further conditions on the call (see {@link ACLConditions}); all must hold. */
  conditions?: ACLConditions;
}

/** A checked rule and its compiled conditions (`null`: none). */
interface CompiledRule {
  rule: ACLRule;
  conditions: ConditionTest | null;
}

/** The plain-object form of an ACL, as in a YAML file. */
export interface ACLConfig {
  rules: readonly ACLRule[];
  /** Applies when no rule matches. Defaults to `deny`. */
  defaultEffect?: ACLEffect;
}

/** The caller id of a top-level call, which has no calling module. */
export const EXTERNAL_CALLER = '@external';

function readEffect(value: unknown, field: string): ACLEffect {
  if (value === 'allow' || value === 'deny') return value;
  throw new ACLRuleError(`${field} must be 'allow' or 'deny', got ${JSON.stringify(value)}`, {
    field,
  });
}

function readPatterns(value: unknown, field: string): string[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new ACLRuleError(`${field} must be a non-empty list of patterns`, { field });
  }
  value.forEach((pattern, index) => {
    if (typeof pattern !== 'string' || pattern === '') {
      throw new ACLRuleError(`${field}[${index}] must be a non-empty string`, {
        field: `${field}[${index}]`,
      });
    }
  });
  return [...value];
}

function readRule(value: unknown, field: string): CompiledRule {
  if (!isRecord(value)) throw new ACLRuleError(`${field} must be an object`, { field });
  const description = value.description;
  if (description !== undefined && typeof description !== 'string') {
    throw new ACLRuleError(`${field}.description must be a string`, {
      field: `${field}.description`,
    });
  }
  // `conditions:` left empty in YAML is null: no conditions, as in apcore.
  const conditions = value.conditions ?? undefined;
  const rule: ACLRule = {
    callers: readPatterns(value.callers, `${field}.callers`),
    targets: readPatterns(value.targets, `${field}.targets`),
    effect: readEffect(value.effect, `${field}.effect`),
    ...(description === undefined ? {} : { description }),
  };
  if (conditions === undefined) return { rule, conditions: null };
  const test = compileConditions(conditions, `${field}.conditions`);
  // A private copy: later changes to the caller's object cannot drift from the compiled test.
  return {
    rule: { ...rule, conditions: structuredClone(conditions) as ACLConditions },
    conditions: test,
  };
}

/**
 * Access control: ordered allow/deny rules on caller and target patterns; the first matching
 * rule decides, otherwise `defaultEffect` (`deny` unless configured, as in apcore).
 *
 * The caller is the calling module (`context.callerId`). A top-level call is `@external` and,
 * when its context carries an identity, also that identity's id: a rule naming either matches,
 * so `['alice']` picks out Alice's calls while `['@external']` still covers every top-level one.
 * A rule's `conditions` ({@link ACLConditions}) further restrict it to matching calls.
 *
 * @example
 * ```ts
 * const acl = ACL.fromObject({
 *   rules: [
 *     { callers: ['@external'], targets: ['public.*'], effect: 'allow' },
 *     { callers: ['public.*'], targets: ['storage.*'], effect: 'allow' },
 *     { callers: ['*'], targets: ['orders.*'], effect: 'allow', conditions: { roles: ['staff'] } },
 *   ],
 * });
 * acl.check(null, 'public.search'); // true
 * ```
 */
export class ACL {
  readonly #rules: CompiledRule[];
  readonly defaultEffect: ACLEffect;
  #revision = 0;

  constructor(rules: readonly ACLRule[] = [], defaultEffect: ACLEffect = 'deny') {
    this.#rules = rules.map((rule, index) => readRule(rule, `rules[${index}]`));
    this.defaultEffect = readEffect(defaultEffect, 'defaultEffect');
  }

  /**
   * Builds an ACL from a plain object, checking every field.
   *
   * @throws {ACLRuleError} naming the bad field (`rules[1].effect`).
   */
  static fromObject(config: unknown): ACL {
    if (!isRecord(config)) throw new ACLRuleError('ACL config must be an object', {});
    if (!Array.isArray(config.rules)) {
      throw new ACLRuleError('rules must be a list', { field: 'rules' });
    }
    const defaultEffect = config.defaultEffect ?? config.default_effect ?? 'deny';
    // The constructor checks every rule, naming it `rules[i]`.
    return new ACL(config.rules as ACLRule[], readEffect(defaultEffect, 'defaultEffect'));
  }

  /**
   * Reads an ACL from a YAML file with `rules` and `defaultEffect` (or `default_effect`).
   *
   * @throws {ConfigNotFoundError} the file does not exist.
   * @throws {ACLRuleError} the YAML is invalid or a rule is malformed.
   */
  static load(yamlPath: string): ACL {
    let text: string;
    try {
      text = readFileSync(yamlPath, 'utf8');
    } catch (error) {
      throw new ConfigNotFoundError({
        path: yamlPath,
        message: `ACL file not found: ${yamlPath}`,
        cause: error,
      });
    }
    let config: unknown;
    try {
      config = parseYaml(text);
    } catch (error) {
      throw new ACLRuleError(`Invalid YAML in ${yamlPath}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    return ACL.fromObject(config);
  }

  /** A copy of the rules, in evaluation order. */
  get rules(): ACLRule[] {
    return this.#rules.map(({ rule }) =>
      rule.conditions === undefined
        ? { ...rule }
        : { ...rule, conditions: structuredClone(rule.conditions) },
    );
  }

  /**
   * Counts the changes made to the rules ({@link ACL.addRule}), so that what caches decisions
   * (a server's per-subject tool lists) can tell its answers are stale.
   */
  get revision(): number {
    return this.#revision;
  }

  /**
   * Adds a rule in front of the others (it takes precedence, as in apcore).
   *
   * @throws {ACLRuleError} the rule is malformed.
   */
  addRule(rule: ACLRule): void {
    this.#rules.unshift(readRule(rule, 'rule'));
    this.#revision += 1;
  }

  /**
   * Whether `callerId` (`null` = top-level: `@external`, and the id of `context.identity` when
   * there is one) may call `targetId`. A rule with conditions matches only when they hold for
   * `context` (never without one, as in apcore); otherwise evaluation goes on to the next rule.
   */
  check(callerId: string | null, targetId: string, context?: Context | null): boolean {
    const callers = callerNames(callerId, context);
    for (const { rule, conditions } of this.#rules) {
      const callerMatches = rule.callers.some((pattern) =>
        callers.some((caller) => matchPattern(pattern, caller)),
      );
      if (!callerMatches || !rule.targets.some((pattern) => matchPattern(pattern, targetId))) {
        continue;
      }
      if (conditions !== null && (context == null || !conditions(context))) continue;
      return rule.effect === 'allow';
    }
    return this.defaultEffect === 'allow';
  }
}

/** The names a caller answers to in rules (see {@link ACL}). */
function callerNames(callerId: string | null, context: Context | null | undefined): string[] {
  if (callerId !== null) return [callerId];
  const identityId = context?.identity?.id;
  return typeof identityId === 'string' && identityId !== ''
    ? [identityId, EXTERNAL_CALLER]
    : [EXTERNAL_CALLER];
}
