import { ACLRuleError } from '@apcore-mcp/core';
import { isRecord } from '@apcore-mcp/core/bridge';
import { type ACLConditions, type ConditionTest, compileConditions } from './acl-conditions.js';
import { readPatternArray } from './acl-patterns.js';

/** What a rule does when it matches. */
export type ACLEffect = 'allow' | 'deny';

/** Whether a call a rule allows must be approved first (PROTOCOL_SPEC §6.1.6). */
export type ACLApproval = 'required' | 'not_required';

/** One ACL rule: when a caller pattern and a target pattern both match, `effect` applies. */
export interface ACLRule {
  /**
   * Caller patterns; `@external` is a top-level call (no calling module). A list matches when
   * one pattern does; `['$not', p]` when `p` does not; `['$or', p, ...]` as a plain list.
   */
  callers: readonly string[];
  /** Target module patterns, in the same shapes as `callers`. */
  targets: readonly string[];
  effect: ACLEffect;
  description?: string;
  /** Further conditions on the call (see {@link ACLConditions}); all must hold. */
  conditions?: ACLConditions;
  /** `required`: an allowed call is approved first, as if its module required approval. */
  approval?: ACLApproval;
}

/** A checked rule and its compiled conditions (`null`: none). */
export interface CompiledRule {
  rule: ACLRule;
  conditions: ConditionTest | null;
}

/** The keys a rule may carry; any other is refused (a typo must not loosen a rule). */
const RULE_KEYS = ['callers', 'targets', 'effect', 'description', 'conditions', 'approval'];

function refuse(field: string, reason: string): never {
  throw new ACLRuleError(`${field}: ${reason}`, { field });
}

/**
 * Reads an effect (`allow` or `deny`, spelled exactly so).
 *
 * @throws {ACLRuleError} naming `field`.
 */
export function readEffect(value: unknown, field: string, key = 'effect'): ACLEffect {
  if (value === 'allow' || value === 'deny') return value;
  return refuse(field, `'${key}' must be 'allow' or 'deny', got ${JSON.stringify(value)}`);
}

function readApproval(
  value: unknown,
  rulePath: string,
  effect: ACLEffect,
): ACLApproval | undefined {
  if (value === undefined) return undefined;
  if (value !== 'required' && value !== 'not_required') {
    refuse(
      `${rulePath}.approval`,
      `'approval' must be 'required' or 'not_required', got ${JSON.stringify(value)}`,
    );
  }
  if (value === 'required' && effect === 'deny') {
    refuse(`${rulePath}.approval`, `'approval: required' goes with 'effect: allow' only`);
  }
  return value;
}

/**
 * Checks one rule, in the contract's order: its keys (a closed set), then `effect`, `approval`,
 * `callers`, `targets` (PROTOCOL_SPEC §6.2.1), then `description` and `conditions`.
 *
 * @throws {ACLRuleError} naming `<rulePath>.<field>`.
 */
export function readRule(value: unknown, rulePath: string): CompiledRule {
  if (!isRecord(value)) refuse(rulePath, 'a rule must be a mapping (an object)');
  const unexpected = Object.keys(value).filter((key) => !RULE_KEYS.includes(key));
  if (unexpected.length > 0) {
    refuse(
      `${rulePath}.${unexpected[0]}`,
      `unexpected keys ${unexpected.map((key) => `'${key}'`).join(', ')}; a rule takes ${RULE_KEYS.join(', ')}`,
    );
  }
  const effect = readEffect(value.effect, `${rulePath}.effect`);
  const approval = readApproval(value.approval, rulePath, effect);
  const callers = readPatternArray(value.callers, rulePath, 'callers');
  const targets = readPatternArray(value.targets, rulePath, 'targets');
  const description = value.description;
  if (description !== undefined && typeof description !== 'string') {
    refuse(`${rulePath}.description`, `'description' must be a string`);
  }
  const rule: ACLRule = {
    callers,
    targets,
    effect,
    ...(description === undefined ? {} : { description }),
    ...(approval === undefined ? {} : { approval }),
  };
  // `conditions:` left empty in YAML is null: no conditions, as in apcore.
  const conditions = value.conditions ?? undefined;
  if (conditions === undefined) return { rule, conditions: null };
  const test = compileConditions(conditions, `${rulePath}.conditions`);
  // A private copy: later changes to the caller's object cannot drift from the compiled test.
  return {
    rule: { ...rule, conditions: structuredClone(conditions) as ACLConditions },
    conditions: test,
  };
}

/** An ACL configuration, checked: its rules in order and its default effect. */
export interface CheckedACLConfig {
  rules: CompiledRule[];
  defaultEffect: ACLEffect;
}

/**
 * Reads an ACL configuration as the contract loads `mcp.acl`: `null` or `{}` is no ACL; else a
 * mapping with `rules` (a list, in evaluation order) and `default_effect` (or `defaultEffect`;
 * `deny` when absent), checked `default_effect` first, then rule by rule.
 *
 * @throws {ACLRuleError} naming the bad field, under `name` (`mcp.acl.rules[0].effect`).
 */
export function readACLConfig(config: unknown, name: string): CheckedACLConfig | null {
  if (config === null || config === undefined) return null;
  if (!isRecord(config)) {
    refuse(
      name,
      `must be a mapping with 'rules' and 'default_effect', got ${JSON.stringify(config)}`,
    );
  }
  if (Object.keys(config).length === 0) return null;
  const effectKey = Object.hasOwn(config, 'default_effect') ? 'default_effect' : 'defaultEffect';
  const defaultValue = config[effectKey] ?? 'deny';
  const defaultEffect =
    defaultValue === 'allow' || defaultValue === 'deny'
      ? defaultValue
      : refuse(
          `${name}.${effectKey}`,
          `${effectKey} must be 'allow' or 'deny', got ${JSON.stringify(defaultValue)}`,
        );
  const rules = config.rules ?? [];
  if (!Array.isArray(rules)) refuse(`${name}.rules`, 'rules must be a list');
  return {
    rules: rules.map((rule, index) => readRule(rule, `${name}.rules[${index}]`)),
    defaultEffect,
  };
}
