import { isIP } from 'node:net';
import type { HttpFeatureFrame } from '../../feature-api/server-feature.js';
import { SERVED_REVISIONS } from '../../revisions/pick-revision.js';
import type { ResolvedServerCard, ServerCardRepository } from './server-card-option.js';

/** The media type of a Server Card, sent as its `Content-Type`. */
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';

/** The schema every Server Card names (`$schema`), version 2 of the Server Card shape. */
export const SERVER_CARD_SCHEMA =
  'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json';

/** A header a client must send to connect, as a Server Card describes it. */
interface CardHeader {
  name: string;
  description: string;
  isRequired: boolean;
  isSecret: boolean;
}

/**
 * The Server Card this server publishes: who it is and where and how to connect, never what it
 * serves (clients list that once connected).
 *
 * @example
 * ```ts
 * const card = (await (await fetch('http://127.0.0.1:8000/mcp/server-card')).json()) as ServerCard;
 * ```
 */
export interface ServerCard {
  $schema: string;
  name: string;
  version: string;
  description: string;
  title?: string;
  websiteUrl?: string;
  repository?: ServerCardRepository;
  remotes: {
    type: 'streamable-http' | 'sse';
    url: string;
    headers?: CardHeader[];
    supportedProtocolVersions: string[];
  }[];
}

/**
 * The MCP Catalog of the domain: here, the one server this process serves.
 *
 * @example
 * ```ts
 * const [entry] = catalog.entries; // { identifier: 'urn:air:example.com:tools', url: ... }
 * ```
 */
export interface McpCatalog {
  specVersion: 'draft';
  entries: {
    identifier: string;
    displayName: string;
    type: typeof SERVER_CARD_MEDIA_TYPE;
    url: string;
  }[];
}

/** Where a card is served, and the endpoint it tells clients to connect to. */
export interface CardLocation {
  endpoint: URL;
  card: URL;
}

/**
 * Where clients connect and read the card: the `publicUrl` option when given, else the scheme
 * and `Host` this request came with, and the server's endpoint path. `undefined` for a `Host`
 * that makes no URL.
 */
export function locateCard(
  card: ResolvedServerCard,
  frame: HttpFeatureFrame,
  host: string | undefined,
): CardLocation | undefined {
  const endpoint =
    card.publicUrl ??
    (host === undefined
      ? undefined
      : endpointAt(`${frame.tls ? 'https' : 'http'}://${host}`, frame.endpointPath));
  if (endpoint === undefined) return undefined;
  return {
    endpoint,
    card: new URL(`${endpoint.pathname.replace(/\/$/, '')}/server-card`, endpoint),
  };
}

function endpointAt(origin: string, path: string): URL | undefined {
  const url = URL.canParse(origin) ? new URL(path, origin) : undefined;
  return url?.host === '' ? undefined : url;
}

/**
 * The card: the options' fields, the server's name and version (those `server/discover` and
 * `initialize` report), and one remote for the transport served.
 */
export function buildServerCard(
  card: ResolvedServerCard,
  frame: HttpFeatureFrame,
  location: CardLocation,
): ServerCard {
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: card.name ?? defaultCardName(frame.name, location.endpoint.hostname),
    version: frame.version,
    description: card.description ?? defaultDescription(frame.name),
    ...(card.title === undefined ? {} : { title: card.title }),
    ...(card.websiteUrl === undefined ? {} : { websiteUrl: card.websiteUrl }),
    ...(card.repository === undefined ? {} : { repository: card.repository }),
    remotes: [
      {
        type: frame.transport,
        url: location.endpoint.href,
        ...(frame.authRequired ? { headers: [AUTHORIZATION_HEADER] } : {}),
        // The protocol revisions this server speaks, newest first.
        supportedProtocolVersions: SERVED_REVISIONS.map((revision) => revision.era),
      },
    ],
  };
}

/** The catalog listing the card, its identifier anchored on the endpoint's host. */
export function buildCatalog(serverCard: ServerCard, location: CardLocation): McpCatalog {
  const [, shortName] = serverCard.name.split('/');
  return {
    specVersion: 'draft',
    entries: [
      {
        identifier: `urn:air:${location.endpoint.hostname}:${shortName}`,
        displayName: serverCard.title ?? serverCard.name,
        type: SERVER_CARD_MEDIA_TYPE,
        url: location.card.href,
      },
    ],
  };
}

const AUTHORIZATION_HEADER: CardHeader = {
  name: 'Authorization',
  description: 'Bearer token',
  isRequired: true,
  isSecret: true,
};

/**
 * `com.example.tools/<server name>` for `tools.example.com`: reverse DNS, as the card's name
 * must be. An address has no DNS name to reverse: `local/<server name>`.
 */
function defaultCardName(serverName: string, hostname: string): string {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const namespace =
    isIP(bare) !== 0 || !/^[a-zA-Z0-9.-]+$/.test(bare)
      ? 'local'
      : bare.split('.').reverse().join('.');
  const name = serverName.replace(/[^a-zA-Z0-9._-]/g, '-') || 'mcp';
  return `${namespace}/${name}`.slice(0, 200);
}

function defaultDescription(serverName: string): string {
  return `${serverName}: apcore modules served as MCP tools`.slice(0, 100);
}
