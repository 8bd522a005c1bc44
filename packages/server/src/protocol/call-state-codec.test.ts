import type { ServerContext } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { createCallStateCodec } from './call-state-codec.js';

/** Just what the codec reads of a request context: its method and authenticated client. */
function contextOf(clientId?: string): ServerContext {
  return {
    mcpReq: { method: 'tools/call' },
    ...(clientId === undefined ? {} : { http: { authInfo: { token: '', clientId, scopes: [] } } }),
  } as unknown as ServerContext;
}

describe('createCallStateCodec', () => {
  const key = new Uint8Array(32).fill(1);

  it('lets any server holding the same key read the state', async () => {
    const state = await createCallStateCodec(key).mint({ tool: 'files-delete' }, contextOf());
    await expect(createCallStateCodec(key).verify(state, contextOf())).resolves.toEqual({
      tool: 'files-delete',
    });
  });

  it('refuses state signed with another key, or minted for another caller', async () => {
    const state = await createCallStateCodec(key).mint({ tool: 'x' }, contextOf('alice'));
    const other = createCallStateCodec(new Uint8Array(32).fill(2));
    await expect(other.verify(state, contextOf('alice'))).rejects.toThrow();
    await expect(createCallStateCodec(key).verify(state, contextOf('bob'))).rejects.toThrow();
  });
});
