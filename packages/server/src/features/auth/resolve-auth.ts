import { REDACTED_VALUE } from '@apcore-mcp/core/bridge';
import { describeValue } from '../../kernel/describe-value.js';
import { InvalidOptionError, type OptionSentence } from '../../kernel/invalid-option-error.js';
import { resolveBoolean, resolveInteger } from '../../kernel/read-option.js';
import type { AudienceRule } from './audience-rule.js';
import {
  type AuthOptions,
  type JsonWebKeySet,
  MIN_SECRET_BYTES,
  type ResolvedAuth,
  type ResolvedAuthKeys,
} from './auth-options.js';

type Given = Record<string, unknown>;

/**
 * The claim read for the caller's roles unless `auth.rolesClaim` names another.
 *
 * @example
 * ```ts
 * const claim = auth.rolesClaim ?? DEFAULT_ROLES_CLAIM; // 'roles'
 * ```
 */
export const DEFAULT_ROLES_CLAIM = 'roles';

const KNOWN_KEYS = new Set([
  'jwks',
  'jwksUrl',
  'secret',
  'audience',
  'audienceAny',
  'allowNoExp',
  'issuer',
  'requiredScopes',
  'authorizationServers',
  'scopesSupported',
  'typeClaim',
  'rolesClaim',
  'resourceUrl',
  'protectMetrics',
  'jwksTimeoutMs',
  'jwksCooldownMs',
]);

/**
 * Checks the `auth` option and fills in its defaults; `undefined` when absent. Errors name the
 * sub-option (`auth.secret`) and what it accepts, never a secret's value.
 *
 * @throws {InvalidOptionError} for a bad `auth` option.
 * @example
 * ```ts
 * const auth = resolveAuth({ secret: process.env.JWT_SECRET ?? '', audience: 'mcp' });
 * ```
 */
export function resolveAuth(value: AuthOptions | undefined): ResolvedAuth | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidOptionError({
      option: 'auth',
      value,
      expected: 'an object like { jwksUrl, audience }',
    });
  }
  const given = value as Given;
  for (const key of Object.keys(given)) {
    if (!KNOWN_KEYS.has(key)) {
      const expected = `one of: ${[...KNOWN_KEYS].join(', ')}`;
      throw new InvalidOptionError({
        option: `auth.${key}`,
        value: undefined,
        expected,
        sentence: [`Unknown auth option '${key}'. Known: ${[...KNOWN_KEYS].join(', ')}`],
      });
    }
  }
  const requiredScopes = readScopes('auth.requiredScopes', given.requiredScopes) ?? [];
  return {
    keys: resolveKeys(given),
    audience: resolveAudienceRule(given),
    issuer: readStrings('auth.issuer', given.issuer),
    allowNoExp: resolveBoolean('auth.allowNoExp', given.allowNoExp, false),
    requiredScopes,
    authorizationServers: (given.authorizationServers === undefined
      ? []
      : readList('auth.authorizationServers', given.authorizationServers)
    ).map((entry) => readHttpUrl('auth.authorizationServers', entry, ' entry').href),
    scopesSupported: readScopes('auth.scopesSupported', given.scopesSupported) ?? requiredScopes,
    typeClaim: readClaimName('auth.typeClaim', given.typeClaim) ?? 'type',
    rolesClaim: readClaimName('auth.rolesClaim', given.rolesClaim) ?? DEFAULT_ROLES_CLAIM,
    resourceUrl:
      given.resourceUrl === undefined
        ? undefined
        : readHttpUrl('auth.resourceUrl', given.resourceUrl),
    protectMetrics: resolveBoolean('auth.protectMetrics', given.protectMetrics, false),
  };
}

/** `audience` names the accepted audiences, `audienceAny` waives the check; else the resource URL. */
function resolveAudienceRule(given: Given): AudienceRule {
  const audiences = readStrings('auth.audience', given.audience);
  const any = resolveBoolean('auth.audienceAny', given.audienceAny, false);
  if (any && audiences !== undefined) {
    throw new InvalidOptionError({
      option: 'auth.audienceAny',
      value: any,
      expected: 'false when auth.audience is given',
      sentence: [
        'Give ',
        { option: 'auth.audience' },
        ' (the accepted audiences) or ',
        { option: 'auth.audienceAny' },
        ' (accept any), not both',
      ],
    });
  }
  if (any) return { kind: 'any' };
  return audiences === undefined ? { kind: 'resource-url' } : { kind: 'listed', audiences };
}

function resolveKeys(given: Given): ResolvedAuthKeys {
  const sources = ['jwks', 'jwksUrl', 'secret'].filter((key) => given[key] !== undefined);
  if (sources.length !== 1) {
    throw new InvalidOptionError({
      option: 'auth',
      value: sources,
      expected: 'exactly one key source: jwks, jwksUrl or secret',
      sentence: [
        { option: 'auth' },
        ` needs exactly one key source: jwks, jwksUrl or secret (got ${sources.length === 0 ? 'none' : sources.join(' and ')})`,
      ],
    });
  }
  if (given.secret !== undefined) return { kind: 'secret', secret: readSecret(given.secret) };
  if (given.jwks !== undefined) return { kind: 'jwks', jwks: readJwks(given.jwks) };
  return {
    kind: 'jwks-url',
    url: readHttpUrl('auth.jwksUrl', given.jwksUrl),
    timeoutMs: resolveInteger('auth.jwksTimeoutMs', given.jwksTimeoutMs, 5000, 1),
    cooldownMs: resolveInteger('auth.jwksCooldownMs', given.jwksCooldownMs, 30_000, 0),
  };
}

function readSecret(value: unknown): Uint8Array {
  let bytes: Uint8Array;
  if (typeof value === 'string') bytes = new TextEncoder().encode(value);
  else if (value instanceof Uint8Array) bytes = value;
  else {
    throw new InvalidOptionError({
      option: 'auth.secret',
      value: REDACTED_VALUE,
      expected: 'a string or a Uint8Array',
      // A number or a boolean is no secret: saying which helps find the slip.
      sentence: [
        { option: 'auth.secret' },
        ` must be a string or a Uint8Array, got ${describeValue(value)}`,
      ],
    });
  }
  if (bytes.byteLength < MIN_SECRET_BYTES) {
    throw new InvalidOptionError({
      option: 'auth.secret',
      value: REDACTED_VALUE,
      expected: `at least ${MIN_SECRET_BYTES} bytes for HS256`,
      sentence: [
        { option: 'auth.secret' },
        ` must be at least ${MIN_SECRET_BYTES} bytes for HS256, got ${bytes.byteLength}`,
      ],
    });
  }
  return bytes;
}

/**
 * A key set of public keys, each with its `kty`: checked now, so a bad one fails at start, not
 * on the first call (jose, loaded with the first token, checks each key's material then).
 */
function readJwks(value: unknown): JsonWebKeySet {
  const keys = (value as { keys?: unknown } | null)?.keys;
  if (typeof value !== 'object' || value === null || !Array.isArray(keys)) {
    throw invalidJwks(value, [{ option: 'auth.jwks' }, ` must be ${JWKS}`]);
  }
  if (keys.length === 0) throw invalidJwks(value, [{ option: 'auth.jwks' }, ' holds no keys']);
  for (const [index, key] of keys.entries()) {
    if (
      typeof key !== 'object' ||
      key === null ||
      typeof (key as { kty?: unknown }).kty !== 'string'
    ) {
      throw invalidJwks(value, [
        { option: 'auth.jwks' },
        ` key ${index} is not a JSON Web Key (no "kty")`,
      ]);
    }
    if ((key as { d?: unknown }).d !== undefined || (key as { kty: string }).kty === 'oct') {
      throw invalidJwks(value, [
        { option: 'auth.jwks' },
        ` key ${index} is a private or symmetric key; give public keys only (use `,
        { option: 'auth.secret' },
        ' for HS256)',
      ]);
    }
  }
  return value as JsonWebKeySet;
}

const JWKS = 'a JSON Web Key Set: an object with a "keys" array';

function invalidJwks(value: unknown, sentence: OptionSentence): InvalidOptionError {
  return new InvalidOptionError({ option: 'auth.jwks', value, expected: JWKS, sentence });
}

/** An http(s) URL; `label` follows the option's name in messages (` entry`). */
function readHttpUrl(path: string, value: unknown, label = ''): URL {
  const refuse = (problem: string) =>
    new InvalidOptionError({
      option: path,
      value,
      expected: 'an http(s) URL (string or URL)',
      sentence: [{ option: path }, label, problem],
    });
  if (typeof value !== 'string' && !(value instanceof URL)) {
    throw refuse(` must be a URL (string or URL), got ${describeValue(value)}`);
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse(` is not a valid URL: ${describeValue(String(value))}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw refuse(` must be an http(s) URL, got ${describeValue(url.href)}`);
  }
  return url;
}

function readList(option: string, value: unknown): readonly unknown[] {
  if (!Array.isArray(value)) throw new InvalidOptionError({ option, value, expected: 'an array' });
  return value;
}

function readStrings(option: string, value: unknown): readonly string[] | undefined {
  if (value === undefined) return undefined;
  const list = typeof value === 'string' ? [value] : readList(option, value);
  if (list.length === 0 || list.some((entry) => typeof entry !== 'string' || entry === '')) {
    throw new InvalidOptionError({
      option,
      value,
      expected: 'a non-empty string or an array of them',
      sentence: [{ option }, ' must be a non-empty string or an array of them'],
    });
  }
  return Object.freeze([...(list as string[])]);
}

function readScopes(option: string, value: unknown): readonly string[] | undefined {
  if (value === undefined) return undefined;
  const list = readList(option, value);
  for (const scope of list) {
    // RFC 6749 §3.3: a scope token is printable ASCII without space, `"` or `\`.
    if (typeof scope !== 'string' || !/^[\x21\x23-\x5B\x5D-\x7E]+$/.test(scope)) {
      throw new InvalidOptionError({
        option,
        value,
        expected: 'scope tokens: printable ASCII without space, " or \\',
        sentence: [{ option }, ` entry ${describeValue(scope)} is not a valid scope token`],
      });
    }
  }
  return Object.freeze([...(list as string[])]);
}

function readClaimName(option: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') {
    throw new InvalidOptionError({ option, value, expected: 'a claim name (non-empty string)' });
  }
  return value;
}
