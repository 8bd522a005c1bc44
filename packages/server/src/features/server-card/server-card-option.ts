import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import { declareOption } from '../../kernel/option-declaration.js';
import { HTTP_TRANSPORTS } from '../../kernel/transports.js';

/**
 * Where the source of the server lives, as a Server Card's `repository` says it.
 *
 * @example
 * ```ts
 * const repository: ServerCardRepository = { url: 'https://github.com/acme/tools', source: 'github' };
 * ```
 */
export interface ServerCardRepository {
  url: string;
  /** The hosting service, such as `github`. */
  source: string;
  /** The server's folder inside a monorepo. */
  subfolder?: string;
}

/**
 * What the Server Card says beyond what the server already knows (its name, version, transport
 * and endpoint). Every field is optional.
 *
 * @example
 * ```ts
 * const card: ServerCardOptions = { name: 'com.acme/tools', description: 'Acme order tools' };
 * ```
 */
export interface ServerCardOptions {
  /**
   * The card's reverse-DNS name, `namespace/name` (letters, digits, `.` and `-`, then `/`, then
   * letters, digits, `.`, `_` and `-`). Default: the host clients reached, reversed
   * (`tools.acme.com` -> `com.acme.tools`), then `/` and the server's name.
   */
  name?: string;
  /** What the server does, in at most 100 characters. Default: names its tool count. */
  description?: string;
  /** A display name, at most 100 characters. */
  title?: string;
  /** The server's home page or documentation (http or https). */
  websiteUrl?: string;
  repository?: ServerCardRepository;
  /**
   * The URL clients connect to, when it is not the one requests arrive at (behind a proxy or a
   * load balancer): the card's endpoint and the catalog's identifier are built from it.
   * Default: the scheme and `Host` of each request, and the server's own endpoint path.
   */
  publicUrl?: string;
}

/**
 * The `serverCard` option: `true` serves the card with defaults, an object says more.
 *
 * @example
 * ```ts
 * const option: ServerCardOption = { description: 'Acme order tools' };
 * ```
 */
export type ServerCardOption = boolean | ServerCardOptions;

/** The `serverCard` option after its check; `undefined` when off. */
export type ResolvedServerCard = Readonly<Omit<ServerCardOptions, 'publicUrl'>> & {
  readonly publicUrl?: URL;
};

const EXPECTED = 'a boolean or { name, description, title, websiteUrl, repository, publicUrl }';
const NAME_PATTERN = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;
const KNOWN_FIELDS = new Set([
  'name',
  'description',
  'title',
  'websiteUrl',
  'repository',
  'publicUrl',
]);

/**
 * Checks the `serverCard` option: every field as the Server Card schema bounds it, so the card
 * served is always a valid one.
 *
 * @throws {InvalidOptionError} naming the field (`serverCard.name`) and what it accepts.
 */
export function resolveServerCard(value: unknown): ResolvedServerCard | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidOptionError({ option: 'serverCard', value, expected: EXPECTED });
  }
  const fields = value as Record<string, unknown>;
  const unknown = Object.keys(fields).find((key) => !KNOWN_FIELDS.has(key));
  if (unknown !== undefined) {
    const expected = `one of ${[...KNOWN_FIELDS].join(', ')}`;
    throw new InvalidOptionError({ option: `serverCard.${unknown}`, value: unknown, expected });
  }
  const name = optionalText(fields, 'name', { max: 200, pattern: NAME_PATTERN });
  const description = optionalText(fields, 'description', { max: 100 });
  const title = optionalText(fields, 'title', { max: 100 });
  const websiteUrl = optionalUrl(fields.websiteUrl, 'serverCard.websiteUrl')?.href;
  const publicUrl = optionalUrl(fields.publicUrl, 'serverCard.publicUrl');
  if (publicUrl !== undefined && (publicUrl.search !== '' || publicUrl.hash !== '')) {
    const expected = 'an http(s) URL without a query or fragment';
    throw new InvalidOptionError({
      option: 'serverCard.publicUrl',
      value: fields.publicUrl,
      expected,
    });
  }
  const repository = resolveRepository(fields.repository);
  return {
    ...(name === undefined ? {} : { name }),
    ...(description === undefined ? {} : { description }),
    ...(title === undefined ? {} : { title }),
    ...(websiteUrl === undefined ? {} : { websiteUrl }),
    ...(repository === undefined ? {} : { repository }),
    ...(publicUrl === undefined ? {} : { publicUrl }),
  };
}

function optionalText(
  fields: Record<string, unknown>,
  field: string,
  bounds: { max: number; pattern?: RegExp },
): string | undefined {
  const value = fields[field];
  if (value === undefined) return undefined;
  const fits =
    typeof value === 'string' &&
    value.length >= 1 &&
    value.length <= bounds.max &&
    (bounds.pattern === undefined || bounds.pattern.test(value));
  if (fits) return value;
  const expected =
    bounds.pattern === undefined
      ? `a text of 1 to ${bounds.max} characters`
      : 'a reverse-DNS name such as com.example/weather';
  throw new InvalidOptionError({ option: `serverCard.${field}`, value, expected });
}

function optionalUrl(value: unknown, option: string): URL | undefined {
  if (value === undefined) return undefined;
  const url = typeof value === 'string' && URL.canParse(value) ? new URL(value) : undefined;
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new InvalidOptionError({ option, value, expected: 'an http(s) URL' });
  }
  return url;
}

function resolveRepository(value: unknown): ServerCardRepository | undefined {
  if (value === undefined) return undefined;
  const expected = '{ url, source, subfolder? }';
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidOptionError({ option: 'serverCard.repository', value, expected });
  }
  const { url, source, subfolder } = value as Record<string, unknown>;
  const href = optionalUrl(url, 'serverCard.repository.url')?.href;
  if (href === undefined) {
    throw new InvalidOptionError({
      option: 'serverCard.repository.url',
      value: url,
      expected: 'an http(s) URL',
    });
  }
  if (typeof source !== 'string' || source === '') {
    const option = 'serverCard.repository.source';
    throw new InvalidOptionError({ option, value: source, expected: 'a name such as github' });
  }
  if (
    subfolder !== undefined &&
    (typeof subfolder !== 'string' || !isCleanRelativePath(subfolder))
  ) {
    const option = 'serverCard.repository.subfolder';
    throw new InvalidOptionError({
      option,
      value: subfolder,
      expected: 'a relative path such as servers/tools',
    });
  }
  return { url: href, source, ...(subfolder === undefined ? {} : { subfolder }) };
}

function isCleanRelativePath(path: string): boolean {
  return (
    path !== '' &&
    !path.startsWith('/') &&
    path.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  );
}

/**
 * The server card options of `serve()`, declared once.
 *
 * @example
 * ```ts
 * SERVER_CARD_OPTIONS.serverCard.defaultValue; // undefined: off
 * ```
 */
export const SERVER_CARD_OPTIONS = {
  /**
   * Publish the MCP Server Card, a discovery document clients read before connecting (its name,
   * version, endpoint, transport and protocol revisions), at `GET <endpoint>/server-card`, and
   * the domain's MCP Catalog listing it at `GET /.well-known/mcp/catalog.json`. Both are public
   * (no authentication, `Access-Control-Allow-Origin: *`); the `Host` check still applies.
   * `true` publishes it with defaults; an object says more. HTTP transports only. Default: off.
   */
  serverCard: declareOption<ServerCardOption, ResolvedServerCard | undefined>({
    expected: EXPECTED,
    defaultValue: undefined,
    transports: HTTP_TRANSPORTS,
    otherTransports: 'refuse',
    refusal: (transport) => [
      { option: 'serverCard' },
      ': the Server Card is served over HTTP, with ',
      { option: 'transport' },
      ` streamable-http or sse, not ${transport}`,
    ],
    resolve: resolveServerCard,
    cli: [
      {
        key: 'server-card',
        kind: 'boolean',
        help: 'Publish the MCP Server Card at <endpoint>/server-card and the catalog at /.well-known/mcp/catalog.json',
      },
      {
        key: 'server-card-name',
        kind: 'text',
        subKey: 'name',
        help: 'Reverse-DNS name of the Server Card, such as com.example/tools (turns --server-card on)',
      },
      {
        key: 'server-card-description',
        kind: 'text',
        subKey: 'description',
        help: 'What the server does, at most 100 characters (turns --server-card on)',
      },
      {
        key: 'server-card-url',
        kind: 'url',
        subKey: 'publicUrl',
        help: 'The endpoint URL clients connect to, behind a proxy (turns --server-card on)',
      },
    ],
  }),
};
