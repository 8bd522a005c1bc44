import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ACLRuleError, ConfigNotFoundError } from '@apcore-mcp/core';

export type { ACLApproval, ACLEffect, ACLRule } from './acl-config.js';

import {
  type ACLEffect,
  type ACLRule,
  type CompiledRule,
  readACLConfig,
  readEffect,
  readRule,
} from './acl-config.js';
import { matchPatternArray } from './acl-patterns.js';
import type { Context } from './context.js';

/**
 * YAML's `parse`, loaded on first use: only `ACL.load` reads YAML, and loading the parser at
 * startup would cost every process that never does.
 */
function parseYaml(text: string): unknown {
  const yaml = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return yaml.parse(text);
}

/** The plain-object form of an ACL, as in a YAML file or the `mcp.acl` configuration. */
export interface ACLConfig {
  rules: readonly ACLRule[];
  /** Applies when no rule matches. Defaults to `deny`. Also read as `default_effect`. */
  defaultEffect?: ACLEffect;
}

/** Options of {@link ACL.fromConfig}, {@link ACL.fromObject} and {@link ACL.load}. */
export interface ACLConfigOptions {
  /** The name errors give the configuration (`mcp.acl.rules[0].effect`). Default `mcp.acl`. */
  name?: string;
}

/** The caller id of a top-level call, which has no calling module. */
export const EXTERNAL_CALLER = '@external';

const CONFIG_NAME = 'mcp.acl';

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
    this.defaultEffect = readEffect(defaultEffect, 'defaultEffect', 'defaultEffect');
  }

  /** An ACL of rules already checked. */
  static #fromChecked(rules: CompiledRule[], defaultEffect: ACLEffect): ACL {
    const acl = new ACL([], defaultEffect);
    acl.#rules.push(...rules);
    return acl;
  }

  /**
   * Reads an ACL configuration as the apcore contract loads `mcp.acl`: `null` or `{}` is no ACL
   * (`null` returned); otherwise `rules` in evaluation order and `default_effect` (or
   * `defaultEffect`, `deny` when absent). Rules take a closed set of keys (`callers`, `targets`,
   * `effect`, `description`, `conditions`, `approval`), `approval` is `required` or
   * `not_required`, and `callers`/`targets` are pattern arrays (PROTOCOL_SPEC §6.2.1): a
   * non-empty list of non-empty strings, optionally opening with `$or` (one pattern or more
   * after it) or `$not` (exactly one). Checked `default_effect` first, then rule by rule:
   * `effect`, `approval`, `callers`, `targets`.
   *
   * @throws {ACLRuleError} naming the field, `mcp.acl.rules[0].effect` (see `options.name`).
   * @example
   * ```ts
   * ACL.fromConfig(null); // null: no ACL
   * ACL.fromConfig({ default_effect: 'deny', rules: [{ callers: ['*'], targets: ['public.*'], effect: 'allow' }] });
   * ```
   */
  static fromConfig(config: unknown, options: ACLConfigOptions = {}): ACL | null {
    const checked = readACLConfig(config, options.name ?? CONFIG_NAME);
    return checked === null ? null : ACL.#fromChecked(checked.rules, checked.defaultEffect);
  }

  /**
   * Builds an ACL from a plain object, checked as {@link ACL.fromConfig} checks it; a
   * configuration that means "no ACL" (`null`, `{}`) is refused here, since an ACL is asked for.
   *
   * @throws {ACLRuleError} naming the bad field (`mcp.acl.rules[1].effect`).
   * @example
   * ```ts
   * ACL.fromObject({ rules: [{ callers: ['@external'], targets: ['public.*'], effect: 'allow' }] });
   * ```
   */
  static fromObject(config: unknown, options: ACLConfigOptions = {}): ACL {
    const name = options.name ?? CONFIG_NAME;
    const acl = ACL.fromConfig(config, { name });
    if (acl === null) {
      throw new ACLRuleError(`${name}: no rules configured (an empty configuration is no ACL)`, {
        field: name,
      });
    }
    return acl;
  }

  /**
   * Reads an ACL from a YAML file with `rules` and `defaultEffect` (or `default_effect`).
   *
   * @throws {ConfigNotFoundError} the file does not exist.
   * @throws {ACLRuleError} the YAML is invalid or a rule is malformed.
   */
  static load(yamlPath: string, options: ACLConfigOptions = {}): ACL {
    return ACL.fromObject(ACL.#readYaml(yamlPath), options);
  }

  /**
   * Reads an ACL configuration from a YAML file as {@link ACL.fromConfig} does: an empty file
   * or `{}` is no ACL (`null`).
   *
   * @throws {ConfigNotFoundError} the file does not exist.
   * @throws {ACLRuleError} the YAML is invalid or a rule is malformed.
   */
  static loadConfig(yamlPath: string, options: ACLConfigOptions = {}): ACL | null {
    return ACL.fromConfig(ACL.#readYaml(yamlPath), options);
  }

  static #readYaml(yamlPath: string): unknown {
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
    return config;
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
    const rule = this.#matchingRule(callerId, targetId, context);
    return (rule?.effect ?? this.defaultEffect) === 'allow';
  }

  /**
   * Whether the rule that allows this call asks for approval first (`approval: required`);
   * `false` when no rule matches or the matching one denies.
   */
  requiresApproval(callerId: string | null, targetId: string, context?: Context | null): boolean {
    const rule = this.#matchingRule(callerId, targetId, context);
    return rule?.effect === 'allow' && rule.approval === 'required';
  }

  #matchingRule(
    callerId: string | null,
    targetId: string,
    context: Context | null | undefined,
  ): ACLRule | undefined {
    const callers = callerNames(callerId, context);
    for (const { rule, conditions } of this.#rules) {
      if (!matchPatternArray(rule.callers, callers)) continue;
      if (!matchPatternArray(rule.targets, [targetId])) continue;
      if (conditions !== null && (context == null || !conditions(context))) continue;
      return rule;
    }
    return undefined;
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
