import { silentLogger } from '@apcore-mcp/core/bridge';
import { describe, expect, it } from 'vitest';
import type { HttpFeatureFrame } from '../../feature-api/server-feature.js';
import {
  buildCatalog,
  buildServerCard,
  locateCard,
  SERVER_CARD_SCHEMA,
} from './server-card-document.js';
import { resolveServerCard } from './server-card-option.js';

const FRAME: HttpFeatureFrame = {
  name: 'order tools',
  version: '2.1.0',
  transport: 'streamable-http',
  endpointPath: '/mcp',
  tls: false,
  authRequired: false,
  authenticator: undefined,
  sessions: () => 0,
  logger: silentLogger,
  notServed: () => [],
};

describe('the Server Card document', () => {
  it('names the server by the reversed host and its own name, at the endpoint the request reached', () => {
    const card = resolveServerCard(true) ?? {};
    const location = locateCard(card, FRAME, 'tools.acme.com:8000');
    expect(location?.card.href).toBe('http://tools.acme.com:8000/mcp/server-card');
    const document = buildServerCard(card, FRAME, location ?? expect.fail());
    expect(document).toEqual({
      $schema: SERVER_CARD_SCHEMA,
      name: 'com.acme.tools/order-tools',
      version: '2.1.0',
      description: 'order tools: apcore modules served as MCP tools',
      remotes: [
        {
          type: 'streamable-http',
          url: 'http://tools.acme.com:8000/mcp',
          supportedProtocolVersions: ['2026-07-28', '2025-11-25'],
        },
      ],
    });
  });

  it('uses `local` for an address, which has no DNS name to reverse', () => {
    for (const host of ['127.0.0.1:8000', '[::1]:8000']) {
      const location = locateCard({}, FRAME, host) ?? expect.fail(host);
      expect(buildServerCard({}, FRAME, location).name).toBe('local/order-tools');
    }
  });

  it('says a bearer token is needed under authentication, and https under TLS', () => {
    const frame = {
      ...FRAME,
      tls: true,
      authRequired: true,
      transport: 'sse' as const,
      endpointPath: '/sse',
    };
    const location = locateCard({}, frame, 'acme.com') ?? expect.fail();
    const [remote] = buildServerCard({}, frame, location).remotes;
    expect(remote).toMatchObject({
      type: 'sse',
      url: 'https://acme.com/sse',
      headers: [{ name: 'Authorization', isRequired: true, isSecret: true }],
    });
  });

  it('builds every URL and the catalog identifier from publicUrl when given', () => {
    const card = resolveServerCard({
      name: 'com.acme/orders',
      title: 'Orders',
      publicUrl: 'https://mcp.acme.com/orders/mcp/',
    });
    const location = locateCard(card ?? {}, FRAME, '127.0.0.1:8000') ?? expect.fail();
    const document = buildServerCard(card ?? {}, FRAME, location);
    expect(document.remotes[0]?.url).toBe('https://mcp.acme.com/orders/mcp/');
    expect(buildCatalog(document, location)).toEqual({
      specVersion: 'draft',
      entries: [
        {
          identifier: 'urn:air:mcp.acme.com:orders',
          displayName: 'Orders',
          type: 'application/mcp-server-card+json',
          url: 'https://mcp.acme.com/orders/mcp/server-card',
        },
      ],
    });
  });

  it('has no location for a Host that makes no URL', () => {
    expect(locateCard({}, FRAME, 'bad host')).toBeUndefined();
    expect(locateCard({}, FRAME, undefined)).toBeUndefined();
  });
});
