import type { IncomingMessage } from 'node:http';
import { PROTOCOL_VERSION_META_KEY, type ServerContext } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { revisionOfHttpRequest } from './http-request-revision.js';
import {
  revisionOfCall,
  revisionOfRequest,
  revisionOfVersion,
  SERVED_REVISIONS,
} from './pick-revision.js';

function contextOf(envelope?: object): ServerContext {
  return { mcpReq: { id: 1, envelope } } as unknown as ServerContext;
}

function httpRequest(method: string, headers: Record<string, string> = {}): IncomingMessage {
  return { method, headers } as unknown as IncomingMessage;
}

describe('picking the codec of a request', () => {
  it('reads an SDK request by its envelope', () => {
    expect(revisionOfRequest(contextOf({ [PROTOCOL_VERSION_META_KEY]: '2026-07-28' })).era).toBe(
      '2026-07-28',
    );
    expect(revisionOfRequest(contextOf()).era).toBe('2025-11-25');
    expect(revisionOfRequest(contextOf({})).era).toBe('2025-11-25');
  });

  it('reads a call by the revision its request picked, the newest when made in process', () => {
    expect(revisionOfCall({ era: '2025-11-25' }).era).toBe('2025-11-25');
    expect(revisionOfCall({ era: '2026-07-28' }).era).toBe('2026-07-28');
    expect(revisionOfCall({}).era).toBe('2026-07-28');
  });

  it('reads a connection by its negotiated version, dates from the stateless one on', () => {
    expect(revisionOfVersion('2026-07-28').era).toBe('2026-07-28');
    expect(revisionOfVersion('2027-01-01').era).toBe('2026-07-28');
    expect(revisionOfVersion('2025-11-25').era).toBe('2025-11-25');
    expect(revisionOfVersion('2024-11-05').era).toBe('2025-11-25');
    expect(revisionOfVersion(undefined).era).toBe('2025-11-25');
  });

  it('reads an HTTP request: a session, an initialize and a GET are the session lane', () => {
    const call = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: { _meta: { [PROTOCOL_VERSION_META_KEY]: '2026-07-28' } },
    };
    const headers = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' };
    expect(revisionOfHttpRequest(httpRequest('POST', headers), call).sessions).toBe(false);
    const session = { ...headers, 'mcp-session-id': 's-1' };
    expect(revisionOfHttpRequest(httpRequest('POST', session), call).sessions).toBe(true);
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} };
    expect(revisionOfHttpRequest(httpRequest('POST'), initialize).sessions).toBe(true);
    expect(revisionOfHttpRequest(httpRequest('GET'), undefined).sessions).toBe(true);
  });

  it('serves both revisions, newest first', () => {
    expect(SERVED_REVISIONS.map((revision) => revision.era)).toEqual(['2026-07-28', '2025-11-25']);
  });
});
