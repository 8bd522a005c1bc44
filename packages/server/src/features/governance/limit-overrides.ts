import type { Identity } from '@apcore-mcp/core';
import { describeValue } from '../../kernel/describe-value.js';
import {
  LIMIT_SET_KEYS,
  type LimitProblemReporter,
  type LimitSet,
  readLimitSet,
} from './limit-set.js';

/**
 * Limits that replace the default set for one subject (`subject`: an `identity.id`, or
 * `@anonymous`) or for every caller with a role (`role`): each key it gives replaces the
 * default's whole key (its `budget` is the budget, window by window); the keys it leaves out
 * keep the default's.
 *
 * @example
 * ```ts
 * const override: LimitOverride = { role: 'analyst', budget: '500/month', maxCostPerCall: 10 };
 * ```
 */
export type LimitOverride = (
  | { subject: string; role?: never }
  | { role: string; subject?: never }
) &
  OverriddenLimits;

/** The limits an override may give, as `limits` takes them. */
export interface OverriddenLimits {
  calls?: LimitSet['calls'] | string;
  destructiveCalls?: LimitSet['destructiveCalls'] | string;
  budget?: LimitSet['budget'] | string;
  maxCostPerCall?: number;
}

/**
 * An override after its check.
 *
 * @example
 * ```ts
 * const override: ResolvedLimitOverride = { role: 'analyst', limits: { maxCostPerCall: 10 } };
 * ```
 */
export interface ResolvedLimitOverride {
  readonly subject?: string;
  readonly role?: string;
  readonly limits: Partial<LimitSet>;
}

const OVERRIDE_KEYS = ['subject', 'role', ...LIMIT_SET_KEYS];

/**
 * Reads an `overrides` list: each entry names exactly one of `subject` and `role` and gives
 * limits as the default set does.
 *
 * @throws the error `report` makes of the first bad entry or value.
 * @example
 * ```ts
 * readLimitOverrides([{ role: 'admin', calls: '600/min' }], 'limits.overrides', report);
 * ```
 */
export function readLimitOverrides(
  value: unknown,
  path: string,
  report: LimitProblemReporter,
): ResolvedLimitOverride[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    const expected = 'a list of { subject | role, calls?, budget?, ... }';
    throw report({
      path,
      value,
      expected,
      sentence: [{ option: path }, ` must be ${expected}, got ${describeValue(value)}`],
    });
  }
  return value.map((entry: unknown, index) => readOverride(entry, `${path}[${index}]`, report));
}

function readOverride(
  entry: unknown,
  path: string,
  report: LimitProblemReporter,
): ResolvedLimitOverride {
  const expected = 'an object naming one subject or one role';
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    throw report({
      path,
      value: entry,
      expected,
      sentence: [{ option: path }, ` must be ${expected}, got ${describeValue(entry)}`],
    });
  }
  const given = entry as Record<string, unknown>;
  const unknownKey = Object.keys(given).find((key) => !OVERRIDE_KEYS.includes(key));
  if (unknownKey !== undefined) {
    const known = OVERRIDE_KEYS.join(', ');
    throw report({
      path: `${path}.${unknownKey}`,
      value: given[unknownKey],
      expected: `one of: ${known}`,
      sentence: ['Unknown ', { option: path }, ` key '${unknownKey}'. Known: ${known}`],
    });
  }
  const { subject, role } = given;
  const named = [subject, role].filter((name) => name !== undefined);
  if (named.length !== 1 || named.some((name) => typeof name !== 'string' || name === '')) {
    throw report({
      path,
      value: entry,
      expected,
      sentence: [
        { option: path },
        ' must name exactly one of subject and role (a non-empty string)',
      ],
    });
  }
  const limits = readLimitSet(given, path, report);
  return typeof subject === 'string' ? { subject, limits } : { role: role as string, limits };
}

/**
 * The limits a caller is held to: the first override naming its subject, else the first naming
 * one of its roles (in the order listed), else the default set. A subject's own override is
 * the most specific, so it wins over any role's.
 *
 * @example
 * ```ts
 * selectLimitSet(defaults, overrides, 'alice', identity); // alice's override, or her role's
 * ```
 */
export function selectLimitSet(
  defaults: LimitSet,
  overrides: readonly ResolvedLimitOverride[],
  subject: string,
  identity: Identity | undefined,
): LimitSet {
  if (overrides.length === 0) return defaults;
  const roles = identity?.roles ?? [];
  const override =
    overrides.find((entry) => entry.subject === subject) ??
    overrides.find((entry) => entry.role !== undefined && roles.includes(entry.role));
  return override === undefined ? defaults : { ...defaults, ...override.limits };
}
