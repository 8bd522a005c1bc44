import { describe, expect, it } from 'vitest';
import { createCallContext } from './call-context.js';
import { Context } from './context.js';
import { Executor } from './executor.js';
import { Registry } from './registry.js';

describe('Context', () => {
  it('creates a top-level context with a W3C trace id and an idle signal', () => {
    const context = Context.create();
    expect(context.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(context.traceId).not.toBe('0'.repeat(32));
    expect(context.callerId).toBeNull();
    expect(context.identity).toBeNull();
    expect(context.callChain).toEqual([]);
    expect(context.data).toEqual({});
    expect(context.signal.aborted).toBe(false);
    expect(context.hasExecutor).toBe(false);
  });

  it('takes identity, data, signal, trace id and executor', () => {
    const executor = new Executor(new Registry());
    const controller = new AbortController();
    const data = { token: 'x' };
    const context = Context.create({
      executor,
      identity: { id: 'alice', roles: ['admin'] },
      data,
      signal: controller.signal,
      traceId: 'trace-1',
    });
    expect(context.executor).toBe(executor);
    expect(context.identity).toEqual({ id: 'alice', roles: ['admin'] });
    expect(context.data).toBe(data);
    expect(context.signal).toBe(controller.signal);
    expect(context.traceId).toBe('trace-1');
  });

  it('gives two contexts different trace ids', () => {
    expect(Context.create().traceId).not.toBe(Context.create().traceId);
  });

  it('makes one trace id per tree', () => {
    const root = Context.create();
    const child = root.child('a');
    const grandchild = child.child('b');
    const sibling = root.child('c');
    const id = grandchild.traceId;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(child.traceId).toBe(id);
    expect(root.traceId).toBe(id);
    expect(sibling.traceId).toBe(id);
    expect(root.child('d').traceId).toBe(id);
    expect(Context.create().child('a').traceId).not.toBe(id);
  });

  it('hands a given trace id down to every child', () => {
    const root = Context.create({ traceId: 'trace-given' });
    expect(root.child('a').child('b').traceId).toBe('trace-given');
    const built = new Context({
      traceId: 'trace-built',
      callerId: null,
      identity: null,
      callChain: [],
      data: {},
      signal: new AbortController().signal,
      executor: null,
    });
    expect(built.child('a').traceId).toBe('trace-built');
  });

  it('explains the missing executor', () => {
    expect(() => Context.create().executor).toThrow(/no executor/);
  });

  it('grows the chain in child(), the caller being the previous module', () => {
    const controller = new AbortController();
    const root = Context.create({ identity: { id: 'bob' }, signal: controller.signal });
    const first = root.child('a');
    const second = first.child('b');
    expect(first.callChain).toEqual(['a']);
    expect(first.callerId).toBeNull();
    expect(second.callChain).toEqual(['a', 'b']);
    expect(second.callerId).toBe('a');
    for (const context of [first, second]) {
      expect(context.traceId).toBe(root.traceId);
      expect(context.identity).toBe(root.identity);
      expect(context.data).toBe(root.data);
      expect(context.signal).toBe(root.signal);
    }
    expect(root.callChain).toEqual([]);
  });

  it('shares the data bag down the chain', () => {
    const root = Context.create();
    root.child('a').data.seen = true;
    expect(root.data.seen).toBe(true);
  });

  it('freezes the call chain, a new one for every child', () => {
    const first = Context.create().child('a');
    const second = first.child('b');
    expect(Object.isFrozen(first.callChain)).toBe(true);
    expect(Object.isFrozen(second.callChain)).toBe(true);
    expect(second.callChain).toEqual(['a', 'b']);
    expect(first.callChain).toEqual(['a']);
  });

  it('gives a call made through the executor its own signal, and the executor when missing', () => {
    const executor = new Executor(new Registry());
    const controller = new AbortController();
    const parent = Context.create({ identity: { id: 'ada' } });
    const child = createCallContext(parent, {
      moduleId: 'a',
      signal: controller.signal,
      executor,
    });
    controller.abort('stop');
    expect(child.signal.aborted).toBe(true);
    expect(child.signal.reason).toBe('stop');
    expect(child.executor).toBe(executor);
    expect(child.callChain).toEqual(['a']);
    expect(child.traceId).toBe(parent.traceId);
    expect(child.identity).toBe(parent.identity);
  });

  it('has a signal that never aborts when created without one', () => {
    const context = Context.create();
    expect(context.signal.aborted).toBe(false);
  });

  it('follows a given signal as it is', () => {
    const controller = new AbortController();
    const context = Context.create({ signal: controller.signal });
    expect(context.signal).toBe(controller.signal);
  });
});

describe('Context cancelled by several signals', () => {
  it('aborts as soon as any of them does, with its reason', () => {
    const shutdown = new AbortController();
    const request = new AbortController();
    const context = Context.create({ signal: [shutdown.signal, request.signal] });
    expect(context.signal.aborted).toBe(false);
    const reason = new Error('client cancelled');
    request.abort(reason);
    expect(context.signal.aborted).toBe(true);
    expect(context.signal.reason).toBe(reason);
  });

  it('takes a list of one as that signal, and an empty list as never cancelled', () => {
    const controller = new AbortController();
    expect(Context.create({ signal: [controller.signal] }).signal).toBe(controller.signal);
    expect(Context.create({ signal: [] }).signal.aborted).toBe(false);
  });

  it('copies the list, so changing it afterwards changes nothing', () => {
    const first = new AbortController();
    const second = new AbortController();
    const signals = [first.signal, second.signal];
    const context = Context.create({ signal: signals });
    signals.length = 0;
    second.abort('second');
    expect(context.signal.reason).toBe('second');
  });

  it('hands the joined signal down to child contexts', () => {
    const shutdown = new AbortController();
    const request = new AbortController();
    const parent = Context.create({ signal: [shutdown.signal, request.signal] });
    const child = parent.child('a');
    shutdown.abort('stopping');
    expect(child.signal.aborted).toBe(true);
    expect(child.signal.reason).toBe('stopping');
  });
});
