import { InvalidOptionError } from '../../kernel/invalid-option-error.js';

/**
 * The object form of the `usage` option.
 *
 * @example
 * ```ts
 * const options: UsageOptions = { adminRoles: ['admin', 'usage:read-all'] };
 * ```
 */
export interface UsageOptions {
  /**
   * Callers holding any of these roles (`identity.roles`: a token's `roles` claim, else its
   * `scope`) get the whole report; every other caller sees the usage of the tools it may list.
   * Default: none.
   */
  adminRoles?: readonly string[];
}

/**
 * Whether the HTTP transports answer `GET /usage`: `true`, a {@link UsageOptions} (on, with
 * admin roles), or `false` (the default).
 *
 * @example
 * ```ts
 * await serve(registry, { transport: 'streamable-http', auth, usage: { adminRoles: ['admin'] } });
 * ```
 */
export type UsageOption = boolean | UsageOptions;

/**
 * The `usage` option once checked: `undefined` when `GET /usage` is off.
 *
 * @example
 * ```ts
 * const resolved: ResolvedUsage = { adminRoles: ['admin'] };
 * ```
 */
export interface ResolvedUsage {
  readonly adminRoles: readonly string[];
}

/**
 * Checks a `usage` option: `undefined` and `false` turn it off, `true` and an object on.
 *
 * @throws {InvalidOptionError} naming the option and what it accepts.
 * @example
 * ```ts
 * resolveUsage({ adminRoles: ['admin'] }); // { adminRoles: ['admin'] }
 * ```
 */
export function resolveUsage(value: unknown): ResolvedUsage | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return { adminRoles: [] };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidOptionError({
      option: 'usage',
      value,
      expected: 'a boolean or { adminRoles }',
    });
  }
  return { adminRoles: resolveAdminRoles((value as UsageOptions).adminRoles) };
}

function resolveAdminRoles(value: unknown): readonly string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((role) => typeof role !== 'string')) {
    throw new InvalidOptionError({
      option: 'usage.adminRoles',
      value,
      expected: 'an array of strings',
    });
  }
  // An empty role names nobody: it is a slip in the configuration (a stray comma, say).
  if (value.some((role) => role.trim() === '')) {
    throw new InvalidOptionError({
      option: 'usage.adminRoles',
      value,
      expected: 'an array of non-empty roles',
      sentence: [{ option: 'usage.adminRoles' }, ' must not hold an empty role'],
    });
  }
  return Object.freeze([...value]);
}
