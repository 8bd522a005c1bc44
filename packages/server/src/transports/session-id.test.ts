import { describe, expect, it } from 'vitest';
import { mintSessionId } from './session-id.js';

/** What the spec allows in a session id: visible ASCII, 0x21 to 0x7E. */
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

describe('mintSessionId', () => {
  it('leads every id with the instance id, then a dot, so a proxy can route on the header', () => {
    const first = mintSessionId('mcp-2');
    const second = mintSessionId('mcp-2');
    expect(first).toMatch(/^mcp-2\.[0-9a-f-]{36}$/);
    expect(first).toMatch(VISIBLE_ASCII);
    expect(second).not.toBe(first);
  });

  it('mints a bare random id without an instance id', () => {
    expect(mintSessionId(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
