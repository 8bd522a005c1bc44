import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { RouterCallExtra } from '../../kernel/call-extra.js';
import {
  isInspectorPageRequest,
  isReadOnlyInspectorCall,
  markReadOnlyInspectorRequest,
} from './inspector-page-request.js';

function requestWith(headers: Record<string, string>): IncomingMessage {
  return { headers } as unknown as IncomingMessage;
}

describe('isInspectorPageRequest', () => {
  it('knows the page by its address, also under a mount path', () => {
    const page = { referer: 'http://127.0.0.1:8000/inspector/', 'sec-fetch-site': 'same-origin' };
    expect(isInspectorPageRequest(requestWith(page), '/inspector')).toBe(true);
    const mounted = { referer: 'https://example.test/api/inspector/' };
    expect(isInspectorPageRequest(requestWith(mounted), '/inspector')).toBe(true);
  });

  it('leaves every other request alone', () => {
    expect(isInspectorPageRequest(requestWith({}), '/inspector')).toBe(false);
    const elsewhere = { referer: 'http://127.0.0.1:8000/app/' };
    expect(isInspectorPageRequest(requestWith(elsewhere), '/inspector')).toBe(false);
    const otherSite = { referer: 'https://evil.test/inspector/', 'sec-fetch-site': 'cross-site' };
    expect(isInspectorPageRequest(requestWith(otherSite), '/inspector')).toBe(false);
    expect(isInspectorPageRequest(requestWith({ referer: 'not a url' }), '/inspector')).toBe(false);
  });
});

describe('markReadOnlyInspectorRequest', () => {
  it('keeps what the request already carries and marks its calls', () => {
    const request = requestWith({}) as IncomingMessage & { auth?: RouterCallExtra['authInfo'] };
    request.auth = { token: 't', clientId: 'alice', scopes: ['a'], extra: { kept: 1 } };
    markReadOnlyInspectorRequest(request);
    const extra: RouterCallExtra = { authInfo: request.auth };
    expect(isReadOnlyInspectorCall(extra)).toBe(true);
    expect(request.auth).toMatchObject({ token: 't', clientId: 'alice', extra: { kept: 1 } });
    expect(isReadOnlyInspectorCall({})).toBe(false);
  });
});
