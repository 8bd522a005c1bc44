import {
  CLIENT_CAPABILITIES_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { describe, expect, it, vi } from 'vitest';
import { toRouterCallExtra } from './to-router-call-extra.js';

/** A request context as the SDK hands it to a handler, with only what the mapping reads. */
function contextOf(mcpReq: Partial<ServerContext['mcpReq']>, rest: Partial<ServerContext> = {}) {
  const signal = new AbortController().signal;
  return {
    mcpReq: { signal, notify: vi.fn(async () => {}), send: vi.fn(), ...mcpReq },
    ...rest,
  } as unknown as ServerContext;
}

describe('toRouterCallExtra', () => {
  const server = new Server({ name: 't', version: '1' }, { capabilities: { tools: {} } });

  it('reads a 2026-07-28 request from its envelope and offers no server-to-client request', () => {
    const ctx = contextOf({
      _meta: { progressToken: 7 },
      envelope: {
        [PROTOCOL_VERSION_META_KEY]: '2026-07-28',
        [CLIENT_CAPABILITIES_META_KEY]: { elicitation: { form: {} } },
      } as ServerContext['mcpReq']['envelope'],
    });
    const extra = toRouterCallExtra(ctx, server);
    expect(extra).toMatchObject({
      era: '2026-07-28',
      protocolVersion: '2026-07-28',
      clientCapabilities: { elicitation: { form: {} } },
      progressToken: 7,
      signal: ctx.mcpReq.signal,
    });
    expect(extra.elicit).toBeUndefined();
    expect(extra.sessionId).toBeUndefined();
  });

  it('gives a 2025 session request its session, auth info and elicitation/create', async () => {
    const authInfo = { token: '', clientId: 'alice', scopes: [] };
    const ctx = contextOf({}, { sessionId: 's-1', http: { authInfo } });
    const extra = toRouterCallExtra(ctx, server);
    expect(extra).toMatchObject({ era: '2025-11-25', sessionId: 's-1', authInfo });
    expect(extra.progressToken).toBeUndefined();
    await extra.elicit?.({ message: 'ok?', requestedSchema: { type: 'object' } });
    expect(ctx.mcpReq.send).toHaveBeenCalledWith(
      {
        method: 'elicitation/create',
        params: { mode: 'form', message: 'ok?', requestedSchema: { type: 'object' } },
      },
      undefined,
    );
  });

  it('asks for a task when a 2025 request carries the task parameter, never on 2026', () => {
    const asked = toRouterCallExtra(contextOf({}), server, undefined, { task: { ttl: 1000 } });
    expect(asked.taskRequested).toBe(true);
    expect(toRouterCallExtra(contextOf({}), server, undefined, {}).taskRequested).toBeUndefined();
    const modern = contextOf({
      envelope: {
        [PROTOCOL_VERSION_META_KEY]: '2026-07-28',
      } as ServerContext['mcpReq']['envelope'],
    });
    expect(
      toRouterCallExtra(modern, server, undefined, { task: {} }).taskRequested,
    ).toBeUndefined();
  });

  it("carries the request's id and the W3C trace context of its _meta, nothing else of it", () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const traced = toRouterCallExtra(
      contextOf({ id: 9, _meta: { traceparent, tracestate: 'a=1', other: 'x' } }),
      server,
    );
    expect(traced.requestId).toBe(9);
    expect(traced.traceCarrier).toEqual({ traceparent, tracestate: 'a=1' });
    expect(traced.clientTraceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    const untraced = toRouterCallExtra(contextOf({ id: 10, _meta: { tracestate: 'a=1' } }), server);
    expect(untraced.traceCarrier).toBeUndefined();
    expect(untraced.clientTraceId).toBeUndefined();
  });

  it('passes a malformed traceparent on to a propagator, but names no trace id by it', () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01';
    const extra = toRouterCallExtra(contextOf({ id: 11, _meta: { traceparent } }), server);
    expect(extra.traceCarrier).toEqual({ traceparent });
    expect(extra.clientTraceId).toBeUndefined();
  });

  it('sends progress through the request', async () => {
    const ctx = contextOf({});
    const notice = {
      method: 'notifications/progress' as const,
      params: { progressToken: 1, progress: 1 },
    };
    await toRouterCallExtra(ctx, server).notify?.(notice);
    expect(ctx.mcpReq.notify).toHaveBeenCalledWith(notice);
  });
});
