import { describe, expect, it } from 'vitest';
import { Context, cancellationOf, deriveContext } from './context.js';
import { Executor } from './executor.js';
import { Registry } from './registry.js';

describe('Context', () => {
  it('creates a top-level context with a UUID trace id and an idle signal', () => {
    const context = Context.create();
    expect(context.traceId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
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

  it('makes one trace id per tree, whichever of its contexts reads it first', () => {
    const root = Context.create();
    const child = root.child('a');
    const grandchild = child.child('b');
    const sibling = root.child('c');
    const id = grandchild.traceId;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
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

  it('lets the executor install its own signal and fill a missing executor', () => {
    const executor = new Executor(new Registry());
    const controller = new AbortController();
    const child = deriveContext(Context.create(), {
      moduleId: 'a',
      signalSource: controller,
      fallbackExecutor: executor,
    });
    expect(child.signal).toBe(controller.signal);
    expect(child.executor).toBe(executor);
  });

  it('makes an idle signal only when asked, and has nothing to follow until then', () => {
    const context = Context.create();
    expect(cancellationOf(context)).toBeUndefined();
    const signal = context.signal;
    expect(signal.aborted).toBe(false);
    expect(context.signal).toBe(signal);
    expect(cancellationOf(context)).toBe(signal);
  });

  it('follows a given signal at once', () => {
    const controller = new AbortController();
    const context = Context.create({ signal: controller.signal });
    expect(cancellationOf(context)).toBe(controller.signal);
  });

  it('makes a derived signal from its source once, on first use', () => {
    const controller = new AbortController();
    let made = 0;
    const child = deriveContext(Context.create(), {
      moduleId: 'a',
      signalSource: {
        get signal() {
          made += 1;
          return controller.signal;
        },
      },
    });
    expect(made).toBe(0);
    expect(child.signal).toBe(controller.signal);
    expect(child.signal).toBe(controller.signal);
    expect(made).toBe(1);
    expect(cancellationOf(child)).toBe(controller.signal);
  });
});

describe('Context cancelled by several signals', () => {
  it('keeps them separate until its signal is read, then joins them once', () => {
    const shutdown = new AbortController();
    const request = new AbortController();
    const context = Context.create({ signal: [shutdown.signal, request.signal] });
    expect(cancellationOf(context)).toEqual([shutdown.signal, request.signal]);
    const joined = context.signal;
    expect(context.signal).toBe(joined);
    expect(cancellationOf(context)).toBe(joined);
    const reason = new Error('client cancelled');
    request.abort(reason);
    expect(joined.aborted).toBe(true);
    expect(joined.reason).toBe(reason);
  });

  it('takes a list of one as that signal, and an empty list as never cancelled', () => {
    const controller = new AbortController();
    expect(cancellationOf(Context.create({ signal: [controller.signal] }))).toBe(controller.signal);
    const never = Context.create({ signal: [] });
    expect(cancellationOf(never)).toEqual([]);
    expect(never.signal.aborted).toBe(false);
  });

  it('copies the list, so changing it afterwards changes nothing', () => {
    const first = new AbortController();
    const signals = [first.signal];
    signals.push(new AbortController().signal);
    const context = Context.create({ signal: signals });
    signals.length = 0;
    expect(cancellationOf(context)).toHaveLength(2);
  });

  it('hands the separate signals down to child contexts', () => {
    const shutdown = new AbortController();
    const request = new AbortController();
    const parent = Context.create({ signal: [shutdown.signal, request.signal] });
    const child = parent.child('a');
    expect(cancellationOf(child)).toEqual([shutdown.signal, request.signal]);
    shutdown.abort('stopping');
    expect(child.signal.aborted).toBe(true);
    expect(child.signal.reason).toBe('stopping');
  });
});
