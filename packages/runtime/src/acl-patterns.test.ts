import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApprovalDeniedError, defineModule } from '@apcore-mcp/core';
import type { ApprovalHandler } from '@apcore-mcp/core/bridge';
import { describe, expect, it, vi } from 'vitest';
import { ACL } from './acl.js';
import { Executor } from './executor.js';
import { Registry } from './registry.js';

describe('ACL pattern arrays (PROTOCOL_SPEC §6.2.1)', () => {
  it('reads $not as "not this pattern", $or and a plain list as "any of them"', () => {
    const acl = ACL.fromObject({
      rules: [
        { callers: ['*'], targets: ['$not', 'secrets.*'], effect: 'allow' },
        { callers: ['$or', 'alice', 'bob'], targets: ['secrets.a'], effect: 'allow' },
      ],
    });
    expect(acl.check(null, 'orders.list')).toBe(true);
    expect(acl.check(null, 'secrets.a')).toBe(false);
    expect(acl.check('bob', 'secrets.a')).toBe(true);
    expect(acl.check('carol', 'secrets.b')).toBe(false);
  });

  it('treats a pattern that merely starts with $ as a literal', () => {
    const acl = ACL.fromObject({
      rules: [{ callers: ['*'], targets: ['$orders.*'], effect: 'allow' }],
    });
    expect(acl.check(null, '$orders.list')).toBe(true);
    expect(acl.check(null, 'orders.list')).toBe(false);
  });

  it('applies $not on callers to every name the caller answers to', () => {
    // A top-level call by Alice answers to `alice` and `@external`: `$not alice` must not match.
    const acl = ACL.fromObject({
      default_effect: 'allow',
      rules: [{ callers: ['$not', 'alice'], targets: ['*'], effect: 'deny' }],
    });
    const alice = { identity: { id: 'alice' } } as Parameters<ACL['check']>[2];
    expect(acl.check(null, 'x', alice)).toBe(true);
    expect(acl.check(null, 'x')).toBe(false);
  });
});

describe('ACL configuration as the contract loads it', () => {
  it('reads null, {} and an empty YAML file as no ACL', () => {
    expect(ACL.fromConfig(null)).toBeNull();
    expect(ACL.fromConfig({})).toBeNull();
    const directory = mkdtempSync(join(tmpdir(), 'acl-config-'));
    try {
      const empty = join(directory, 'empty.yaml');
      writeFileSync(empty, '');
      expect(ACL.loadConfig(empty)).toBeNull();
      expect(() => ACL.load(empty)).toThrow(/mcp\.acl: no rules configured/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('names the configuration as asked', () => {
    expect(() =>
      ACL.fromObject(
        { rules: [{ callers: ['*'], targets: [], effect: 'allow' }] },
        { name: 'acl' },
      ),
    ).toThrow(/^acl\.rules\[0\]\.targets: 'targets' must be a non-empty list/);
  });
});

describe('approval: required on an allow rule', () => {
  const plain = defineModule({
    description: 'Refunds an order',
    inputSchema: { type: 'object' },
    execute: () => ({ refunded: true }),
  });

  function executorWith(handler: ApprovalHandler): Executor {
    const registry = new Registry();
    registry.register('orders.refund', plain);
    registry.register('orders.list', plain);
    const acl = ACL.fromObject({
      rules: [
        { callers: ['*'], targets: ['orders.refund'], effect: 'allow', approval: 'required' },
        { callers: ['*'], targets: ['orders.*'], effect: 'allow', approval: 'not_required' },
      ],
    });
    return new Executor(registry, { acl, approvalHandler: handler });
  }

  it('asks for approval of a call of a module that does not require it itself', async () => {
    const handler = {
      requestApproval: vi.fn(async (_request: unknown) => ({ status: 'rejected' as const })),
    };
    const executor = executorWith(handler);
    await expect(executor.call('orders.refund', {})).rejects.toSatisfy(
      ApprovalDeniedError.isInstance,
    );
    expect(handler.requestApproval).toHaveBeenCalledOnce();
    expect(handler.requestApproval.mock.calls[0]?.[0]).toMatchObject({
      moduleId: 'orders.refund',
      annotations: { requiresApproval: true },
    });
    await expect(executor.call('orders.list', {})).resolves.toEqual({ refunded: true });
    expect(handler.requestApproval).toHaveBeenCalledOnce();
  });
});
