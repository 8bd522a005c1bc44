import { readFile } from 'node:fs/promises';
import {
  type AuthOptions,
  type CorsOptions,
  MIN_SECRET_BYTES,
  type TlsOptions,
} from '@apcore-mcp/server/options';
import type { SettingEntry } from './build-serve-options.js';
import { isHttpUrl } from './parse-setting-value.js';
import { readJwksFile } from './read-jwks-file.js';
import { describeSource } from './settings.js';

/** What the security settings turn into: the server's `auth`, `cors` and `tls` options. */
export interface SecuritySettings {
  auth: AuthOptions | undefined;
  cors: CorsOptions | undefined;
  tls: TlsOptions | undefined;
}

/** Reads one setting's entry; `undefined` when nothing set it (defaults do not count). */
export type ReadSetting = (key: string) => SettingEntry | undefined;

const KEY_SOURCES = ['auth-jwks-file', 'auth-jwks-url', 'auth-secret-file', 'auth-secret'] as const;
const AUTH_DETAILS = [
  'auth-audience',
  'auth-audience-any',
  'auth-allow-no-exp',
  'auth-issuer',
  'auth-authorization-server',
  'auth-required-scopes',
  'auth-roles-claim',
  'auth-type-claim',
  'auth-protect-metrics',
] as const;

/**
 * Builds the server's `auth`, `cors` and `tls` options from the settings, reading the key,
 * certificate and JWKS files. Every problem is pushed as one line naming the flag, variable or
 * config key and the file; none shows a secret or key.
 *
 * @example
 * ```ts
 * const problems: string[] = [];
 * const { auth } = await readSecuritySettings((key) => entries.get(key), problems);
 * ```
 */
export async function readSecuritySettings(
  read: ReadSetting,
  problems: string[],
): Promise<SecuritySettings> {
  return {
    auth: await readAuth(read, problems),
    cors: readCors(read, problems),
    tls: await readTls(read, problems),
  };
}

const labelOf = (entry: SettingEntry): string => describeSource(entry.source);

async function readAuth(read: ReadSetting, problems: string[]): Promise<AuthOptions | undefined> {
  const sources = KEY_SOURCES.flatMap((key) => {
    const entry = read(key);
    return entry === undefined ? [] : [{ key, entry }];
  });
  const details = AUTH_DETAILS.flatMap((key) => {
    const entry = read(key);
    return entry === undefined || entry.value === false ? [] : [entry];
  });
  const [only, ...others] = sources;
  if (only === undefined) {
    const first = details[0];
    if (first !== undefined) {
      problems.push(
        `${labelOf(first)} needs a key source: --auth-jwks-file, --auth-jwks-url or --auth-secret-file (or APCORE_MCP_AUTH_SECRET)`,
      );
    }
    return undefined;
  }
  if (others.length > 0) {
    const labels = sources.map(({ entry }) => labelOf(entry)).join(' and ');
    problems.push(`${labels} are given together: choose one source of token keys`);
    return undefined;
  }
  const keys = await readKeys(only.key, only.entry, problems);
  return keys === undefined ? undefined : ({ ...keys, ...readAuthDetails(read) } as AuthOptions);
}

async function readKeys(
  key: (typeof KEY_SOURCES)[number],
  entry: SettingEntry,
  problems: string[],
): Promise<Record<string, unknown> | undefined> {
  // A path, a URL, or (APCORE_MCP_AUTH_SECRET) the secret itself: never put in a message.
  const given = entry.value as string;
  const label = labelOf(entry);
  if (key === 'auth-jwks-url') return { jwksUrl: given };
  if (key === 'auth-jwks-file') {
    const jwks = await readJwksFile(given, label);
    if (typeof jwks === 'string') problems.push(jwks);
    return typeof jwks === 'string' ? undefined : { jwks };
  }
  const fromFile = key === 'auth-secret-file';
  const text = fromFile ? await readText(given, label, 'secret file', problems) : given;
  if (text === undefined) return undefined;
  const secret = new TextEncoder().encode(text.trim());
  if (secret.byteLength < MIN_SECRET_BYTES) {
    const which = fromFile ? `the secret in ${given}` : 'the secret';
    problems.push(
      `${label}: ${which} is ${secret.byteLength} bytes; HS256 needs at least ${MIN_SECRET_BYTES}`,
    );
    return undefined;
  }
  return { secret };
}

/**
 * The rest of `auth`, as given: the rules between its parts (an audience and any audience at
 * once, authorization servers that are not URLs) are the server's, refused by
 * `refuseInvalidOptions` in the flags' words.
 */
function readAuthDetails(read: ReadSetting): Partial<AuthOptions> {
  const text = (key: string) => read(key)?.value as string | undefined;
  const list = (key: string) => read(key)?.value as readonly string[] | undefined;
  const flag = (key: string) => (read(key)?.value === true ? true : undefined);
  const options = {
    audience: text('auth-audience'),
    audienceAny: flag('auth-audience-any'),
    allowNoExp: flag('auth-allow-no-exp'),
    issuer: text('auth-issuer'),
    authorizationServers: list('auth-authorization-server'),
    requiredScopes: list('auth-required-scopes'),
    rolesClaim: text('auth-roles-claim'),
    typeClaim: text('auth-type-claim'),
    protectMetrics: flag('auth-protect-metrics'),
  };
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}

function readCors(read: ReadSetting, problems: string[]): CorsOptions | undefined {
  const entry = read('cors-origins');
  if (entry === undefined) return undefined;
  const origins = entry.value as readonly string[];
  const bad = origins.find((origin) => !isHttpUrl(origin) || new URL(origin).origin !== origin);
  if (bad !== undefined) {
    problems.push(
      `${labelOf(entry)} entry ${JSON.stringify(bad)} is not an origin like https://app.example.com`,
    );
    return undefined;
  }
  return { origins };
}

async function readTls(read: ReadSetting, problems: string[]): Promise<TlsOptions | undefined> {
  const cert = read('tls-cert');
  const key = read('tls-key');
  if (cert === undefined && key === undefined) return undefined;
  if (cert === undefined || key === undefined) {
    const given = (cert ?? key) as SettingEntry;
    const missing = cert === undefined ? '--tls-cert' : '--tls-key';
    problems.push(`${labelOf(given)} needs ${missing} too: HTTPS takes a certificate and its key`);
    return undefined;
  }
  const certText = await readText(cert.value as string, labelOf(cert), 'certificate', problems);
  const keyText = await readText(key.value as string, labelOf(key), 'key file', problems);
  if (certText === undefined || keyText === undefined) return undefined;
  return { cert: certText, key: keyText };
}

async function readText(
  path: string,
  label: string,
  what: string,
  problems: string[],
): Promise<string | undefined> {
  try {
    const text = await readFile(path, 'utf8');
    if (text.trim() !== '') return text;
    problems.push(`${label}: ${what} ${path} is empty`);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    problems.push(`${label}: cannot read ${what} ${path} (${reason})`);
  }
  return undefined;
}
