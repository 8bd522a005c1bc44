import { ACLRuleError, type Identity } from '@apcore-mcp/core';
import { isRecord } from '@apcore-mcp/core/bridge';
import type { Context } from './context.js';

/**
 * The `conditions` of an ACL rule, as apcore writes them (snake_case keys, as in YAML). Every
 * condition given must hold for the rule to match:
 *
 * - `identity_types`: the caller's identity type is one of these (an identity without a type is
 *   a `user`, apcore's default);
 * - `roles`: the caller's identity has at least one of these roles;
 * - `max_call_depth`: the call chain (the called module included, so a top-level call is 1) is at
 *   most this long;
 * - `$or`: at least one of these condition objects holds;
 * - `$not`: this condition object does not hold.
 *
 * A call without an identity fails `identity_types` and `roles`.
 *
 * @example
 * ```ts
 * const conditions: ACLConditions = {
 *   $or: [{ roles: ['staff'] }, { identity_types: ['service'] }],
 *   max_call_depth: 2,
 * };
 * ```
 */
export interface ACLConditions {
  identity_types?: readonly string[];
  roles?: readonly string[];
  max_call_depth?: number;
  $or?: readonly ACLConditions[];
  $not?: ACLConditions;
}

/** Whether a call, described by its context, meets a rule's conditions. */
export type ConditionTest = (context: Context) => boolean;

/** The type apcore gives an identity that names none. */
const DEFAULT_IDENTITY_TYPE = 'user';

type ConditionKey = keyof ACLConditions;

/** Turns one condition's value (already checked) into its test. */
type ConditionCompiler = (value: unknown, field: string) => ConditionTest;

const COMPILERS: Readonly<Record<ConditionKey, ConditionCompiler>> = {
  identity_types: (value, field) => {
    const types = new Set(readNames(value, field));
    return ({ identity }) => identity !== null && types.has(identity.type ?? DEFAULT_IDENTITY_TYPE);
  },
  roles: (value, field) => {
    const roles = new Set(readNames(value, field));
    return ({ identity }) => identity !== null && hasAnyRole(identity, roles);
  },
  max_call_depth: (value, field) => {
    const maxDepth = readMaxDepth(value, field);
    return ({ callChain }) => callChain.length <= maxDepth;
  },
  $or: (value, field) => {
    if (!Array.isArray(value) || value.length === 0) {
      throw new ACLRuleError(`${field} must be a non-empty list of condition objects`, { field });
    }
    const tests = value.map((item, index) => compileConditions(item, `${field}[${index}]`));
    return (context) => {
      for (const test of tests) if (test(context)) return true;
      return false;
    };
  },
  $not: (value, field) => {
    const test = compileConditions(value, field);
    return (context) => !test(context);
  },
};

const KNOWN_CONDITIONS = Object.keys(COMPILERS).join(', ');

/**
 * Checks a `conditions` object and compiles it into one test, once, so that checking a call
 * builds nothing.
 *
 * @throws {ACLRuleError} naming the field (`rules[2].conditions.rolez`) for an unknown
 *   condition, an empty object or a value of the wrong type.
 * @example
 * ```ts
 * const test = compileConditions({ roles: ['staff'] }, 'rules[0].conditions');
 * test(Context.create({ identity: { id: 'ann', roles: ['staff'] } })); // true
 * ```
 */
export function compileConditions(value: unknown, field: string): ConditionTest {
  if (!isRecord(value)) {
    throw new ACLRuleError(`${field} must be an object of conditions`, { field });
  }
  const tests: ConditionTest[] = [];
  for (const [key, condition] of Object.entries(value)) {
    const compile = Object.hasOwn(COMPILERS, key) ? COMPILERS[key as ConditionKey] : undefined;
    if (compile === undefined) {
      throw new ACLRuleError(`${field}.${key}: unknown condition; known: ${KNOWN_CONDITIONS}`, {
        field: `${field}.${key}`,
      });
    }
    tests.push(compile(condition, `${field}.${key}`));
  }
  const [first, ...rest] = tests;
  // An empty object asks nothing; read as "always" it would quietly widen an allow rule.
  if (first === undefined) {
    throw new ACLRuleError(
      `${field} must name at least one condition; known: ${KNOWN_CONDITIONS}`,
      {
        field,
      },
    );
  }
  if (rest.length === 0) return first;
  return (context) => {
    for (const test of tests) if (!test(context)) return false;
    return true;
  };
}

function hasAnyRole(identity: Identity, wanted: ReadonlySet<string>): boolean {
  const roles = identity.roles;
  if (roles === undefined) return false;
  for (const role of roles) if (wanted.has(role)) return true;
  return false;
}

function readNames(value: unknown, field: string): string[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new ACLRuleError(`${field} must be a non-empty list of strings`, { field });
  }
  value.forEach((name, index) => {
    if (typeof name !== 'string' || name === '') {
      throw new ACLRuleError(`${field}[${index}] must be a non-empty string`, {
        field: `${field}[${index}]`,
      });
    }
  });
  return value as string[];
}

function readMaxDepth(value: unknown, field: string): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1) return value;
  throw new ACLRuleError(`${field} must be a positive integer, got ${JSON.stringify(value)}`, {
    field,
  });
}
