import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { checkRequest, isHostAllowed, isOriginAllowed, LOOPBACK_HOST_NAMES } from './http-guard.js';

function fakeRequest(headers: Record<string, string>, localAddress = '127.0.0.1'): IncomingMessage {
  return { headers, socket: { localAddress } } as unknown as IncomingMessage;
}

describe('isOriginAllowed', () => {
  it('lets requests without Origin through (non-browser clients)', () => {
    expect(isOriginAllowed(undefined, undefined)).toBe(true);
  });

  it('allows only loopback http(s) origins by default, any port', () => {
    expect(isOriginAllowed('http://localhost:3000', undefined)).toBe(true);
    expect(isOriginAllowed('https://127.0.0.1', undefined)).toBe(true);
    expect(isOriginAllowed('http://[::1]:8080', undefined)).toBe(true);
    expect(isOriginAllowed('https://evil.example', undefined)).toBe(false);
    expect(isOriginAllowed('http://localhost.evil.example', undefined)).toBe(false);
    expect(isOriginAllowed('null', undefined)).toBe(false);
    expect(isOriginAllowed('file://localhost', undefined)).toBe(false);
  });

  it('uses the exact list when given, and * for everything', () => {
    expect(isOriginAllowed('https://app.example.com', ['https://app.example.com'])).toBe(true);
    expect(isOriginAllowed('http://localhost:3000', ['https://app.example.com'])).toBe(false);
    expect(isOriginAllowed('https://anything.example', '*')).toBe(true);
  });
});

describe('isHostAllowed', () => {
  it('matches by name or name:port, IPv6 included', () => {
    expect(isHostAllowed('localhost:8000', LOOPBACK_HOST_NAMES)).toBe(true);
    expect(isHostAllowed('127.0.0.1', LOOPBACK_HOST_NAMES)).toBe(true);
    expect(isHostAllowed('[::1]:9000', LOOPBACK_HOST_NAMES)).toBe(true);
    expect(isHostAllowed('LOCALHOST:1', LOOPBACK_HOST_NAMES)).toBe(true);
    expect(isHostAllowed('evil.example:8000', LOOPBACK_HOST_NAMES)).toBe(false);
    expect(isHostAllowed(undefined, LOOPBACK_HOST_NAMES)).toBe(false);
    expect(isHostAllowed('api.example.com:443', ['api.example.com:443'])).toBe(true);
    expect(isHostAllowed('api.example.com:444', ['api.example.com:443'])).toBe(false);
    expect(isHostAllowed(undefined, '*')).toBe(true);
  });
});

describe('checkRequest', () => {
  const policy = { allowedOrigins: undefined, allowedHosts: 'auto' as const };

  it('refuses a rebound Host on a loopback connection with 403', () => {
    expect(checkRequest(fakeRequest({ host: 'evil.example:8000' }), policy)).toEqual({
      status: 403,
      message: 'Forbidden: Host not allowed: evil.example:8000',
    });
  });

  it('skips the Host check on non-loopback connections in auto mode', () => {
    expect(checkRequest(fakeRequest({ host: 'mcp.example.com' }, '10.1.2.3'), policy)).toBe(
      undefined,
    );
  });

  it('refuses a foreign Origin with 403 and passes a local one', () => {
    expect(
      checkRequest(fakeRequest({ host: 'localhost:1', origin: 'https://evil.example' }), policy),
    ).toMatchObject({
      status: 403,
      message: 'Forbidden: Origin not allowed: https://evil.example',
    });
    expect(
      checkRequest(fakeRequest({ host: 'localhost:1', origin: 'http://localhost:5173' }), policy),
    ).toBe(undefined);
  });
});
