import { firstText } from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import type { ServerContext } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { type CallState, createCallStateCodec } from '../../src/protocol/call-state-codec.js';
import { useInteractiveHttpServers } from '../helpers/interactive-http.js';
import { postToolCall } from '../helpers/modern-raw.js';

const STATE_KEY = 'ab'.repeat(32);
const DELETE_A = { name: 'files-delete', arguments: { path: '/tmp/a' } };
const ACCEPT = { approval: { action: 'accept', content: {} } };

/** Asks for approval of `files-delete /tmp/a` and returns the requestState the server signed. */
async function askApproval(url: string): Promise<string> {
  const asked = await postToolCall(url, DELETE_A);
  expect(asked.body.result).toMatchObject({ resultType: 'input_required' });
  return String(asked.body.result?.requestState);
}

/** The payload a signed state carries (signed, not encrypted: anyone can read it). */
function payloadOf(state: string): CallState {
  const body = state.slice('v1.'.length, state.lastIndexOf('.'));
  return (JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { p: CallState }).p;
}

/** Re-signs `payload` with the server's key, the way the server binds it, valid for `ttlSeconds`. */
function mintWithServerKey(payload: CallState, ttlSeconds: number): Promise<string> {
  const codec = createCallStateCodec(new Uint8Array(Buffer.from(STATE_KEY, 'hex')), ttlSeconds);
  // What the server binds a state to: the method and the (here: absent) authenticated client.
  const ctx = { mcpReq: { method: 'tools/call' } } as unknown as ServerContext;
  return codec.mint(payload, ctx);
}

describe('signed requestState on 2026-07-28 HTTP requests', () => {
  const start = useInteractiveHttpServers();

  it('refuses a forged requestState with -32602 and keeps serving', async () => {
    const { url, probe } = await start();
    const forged = await postToolCall(url, {
      name: 'files-delete',
      arguments: { path: '/tmp/a' },
      inputResponses: { approval: { action: 'accept', content: {} } },
      requestState: 'v1.e30.forged',
    });
    expect(forged.body.error).toMatchObject({
      code: -32602,
      message: 'Invalid or expired requestState',
    });
    expect(probe.ran).toEqual([]);
    const client = await connectClient({ era: '2026-07-28', transport: 'http', url });
    try {
      const result = await client.callTool('report-plain', {});
      expect(firstText(result)).toContain('execute');
    } finally {
      await client.close();
    }
  });

  it('refuses a tampered requestState: the signature no longer matches the payload', async () => {
    const { url, probe } = await start();
    const state = await askApproval(url);
    const [prefix, , mac] = state.split('.');
    const payload = { ...payloadOf(state), tool: 'files-cleanup' };
    const body = Buffer.from(JSON.stringify({ p: payload, exp: 4_102_444_800 })).toString(
      'base64url',
    );
    const tampered = await postToolCall(url, {
      ...DELETE_A,
      inputResponses: ACCEPT,
      requestState: `${prefix}.${body}.${mac}`,
    });
    expect(tampered.body.error).toMatchObject({ code: -32602 });
    expect(probe.ran).toEqual([]);
    const honest = await postToolCall(url, {
      ...DELETE_A,
      inputResponses: ACCEPT,
      requestState: state,
    });
    expect(honest.body.result).toMatchObject({ content: [{ text: '{"deleted":"/tmp/a"}' }] });
    expect(probe.ran).toEqual(['files.delete']);
  });

  it('refuses an expired requestState, signed with the right key for the right call', async () => {
    const { url, probe } = await start({ stateKey: STATE_KEY });
    const payload = payloadOf(await askApproval(url));
    const expired = await postToolCall(url, {
      ...DELETE_A,
      inputResponses: ACCEPT,
      requestState: await mintWithServerKey(payload, -60),
    });
    expect(expired.body.error).toMatchObject({
      code: -32602,
      message: 'Invalid or expired requestState',
    });
    expect(probe.ran).toEqual([]);
    // The same payload, key and binding, still within its lifetime: the call goes through.
    const fresh = await postToolCall(url, {
      ...DELETE_A,
      inputResponses: ACCEPT,
      requestState: await mintWithServerKey(payload, 60),
    });
    expect(fresh.body.result).toMatchObject({ content: [{ text: '{"deleted":"/tmp/a"}' }] });
    expect(probe.ran).toEqual(['files.delete']);
  });

  it('says once, at info, that several instances need a shared stateKey', async () => {
    const { logger } = await start();
    const lines = logger.entries.filter((entry) => entry.message?.includes('stateKey') === true);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.level).toBe('info');
    const keyed = await start({ stateKey: 'ab'.repeat(32) });
    expect(keyed.logger.entries.some((entry) => entry.message?.includes('stateKey') === true)).toBe(
      false,
    );
  });
});
