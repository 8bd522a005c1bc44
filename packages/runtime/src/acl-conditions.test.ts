import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ACLRuleError, type Identity } from '@apcore-mcp/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDir, removeTempDir } from './__fixtures__/temp-dir.js';
import { ACL, type ACLRule } from './acl.js';
import type { ACLConditions } from './acl-conditions.js';
import { Context } from './context.js';

const STAFF: Identity = { id: 'ann', type: 'user', roles: ['staff', 'reader'] };
const GUEST: Identity = { id: 'bob', type: 'user', roles: ['guest'] };
const SERVICE: Identity = { id: 'billing', type: 'service' };

/** The context a top-level call of `target` runs under (what the executor hands the ACL). */
function topLevel(target: string, identity: Identity | null = null): Context {
  return Context.create({ identity }).child(target);
}

/** An ACL allowing `orders.*` to anyone meeting `conditions`, denying the rest. */
function gated(conditions: ACLConditions): ACL {
  return new ACL([{ callers: ['*'], targets: ['orders.*'], effect: 'allow', conditions }]);
}

function allows(acl: ACL, identity: Identity | null, target = 'orders.refund'): boolean {
  return acl.check(null, target, topLevel(target, identity));
}

describe('ACL conditions', () => {
  it('roles: the identity has any of the roles', () => {
    const acl = gated({ roles: ['staff', 'admin'] });
    expect(allows(acl, STAFF)).toBe(true);
    expect(allows(acl, GUEST)).toBe(false);
    expect(allows(acl, SERVICE)).toBe(false);
    expect(allows(acl, null)).toBe(false);
  });

  it('identity_types: the identity type is listed; an identity without one is a user', () => {
    const acl = gated({ identity_types: ['service'] });
    expect(allows(acl, SERVICE)).toBe(true);
    expect(allows(acl, STAFF)).toBe(false);
    expect(allows(acl, null)).toBe(false);
    expect(allows(gated({ identity_types: ['user'] }), { id: 'typeless' })).toBe(true);
  });

  it('max_call_depth: the call chain, the called module included, is at most n long', () => {
    const acl = new ACL([
      { callers: ['*'], targets: ['db.*'], effect: 'allow', conditions: { max_call_depth: 2 } },
    ]);
    const root = Context.create();
    const direct = root.child('db.query');
    const nested = root.child('api.users').child('db.query');
    const deeper = root.child('api.users').child('api.audit').child('db.query');
    expect(acl.check(direct.callerId, 'db.query', direct)).toBe(true);
    expect(acl.check(nested.callerId, 'db.query', nested)).toBe(true);
    expect(acl.check(deeper.callerId, 'db.query', deeper)).toBe(false);
  });

  it('max_call_depth needs no identity', () => {
    expect(allows(gated({ max_call_depth: 1 }), null)).toBe(true);
  });

  it('requires every listed condition (AND)', () => {
    const acl = gated({ roles: ['staff'], identity_types: ['user'], max_call_depth: 1 });
    expect(allows(acl, STAFF)).toBe(true);
    expect(allows(acl, { ...STAFF, type: 'service' })).toBe(false);
    const nested = Context.create({ identity: STAFF }).child('api.x').child('orders.refund');
    expect(acl.check(nested.callerId, 'orders.refund', nested)).toBe(false);
  });

  it('$or: any of the condition objects holds', () => {
    const acl = gated({ $or: [{ roles: ['staff'] }, { identity_types: ['service'] }] });
    expect(allows(acl, STAFF)).toBe(true);
    expect(allows(acl, SERVICE)).toBe(true);
    expect(allows(acl, GUEST)).toBe(false);
    expect(allows(acl, null)).toBe(false);
  });

  it('$not: the condition object does not hold; no identity fails the inner identity test', () => {
    const acl = gated({ $not: { roles: ['guest'] } });
    expect(allows(acl, STAFF)).toBe(true);
    expect(allows(acl, GUEST)).toBe(false);
    expect(allows(acl, null)).toBe(true);
  });

  it('nests $or and $not', () => {
    // Staff who are not guests, or any service.
    const acl = gated({
      $or: [{ roles: ['staff'], $not: { roles: ['guest'] } }, { identity_types: ['service'] }],
    });
    expect(allows(acl, STAFF)).toBe(true);
    expect(allows(acl, { id: 'mixed', roles: ['staff', 'guest'] })).toBe(false);
    expect(allows(acl, SERVICE)).toBe(true);
    expect(allows(acl, GUEST)).toBe(false);
    const notEither = gated({
      $not: { $or: [{ roles: ['guest'] }, { identity_types: ['service'] }] },
    });
    expect(allows(notEither, STAFF)).toBe(true);
    expect(allows(notEither, GUEST)).toBe(false);
    expect(allows(notEither, SERVICE)).toBe(false);
  });

  it('goes on to the next rule when a rule’s conditions fail', () => {
    const acl = new ACL(
      [
        {
          callers: ['*'],
          targets: ['orders.*'],
          effect: 'allow',
          conditions: { roles: ['staff'] },
        },
        { callers: ['*'], targets: ['orders.*'], effect: 'deny', conditions: { roles: ['guest'] } },
        { callers: ['*'], targets: ['orders.list'], effect: 'allow' },
      ],
      'deny',
    );
    expect(allows(acl, STAFF)).toBe(true);
    expect(allows(acl, GUEST, 'orders.list')).toBe(false);
    expect(allows(acl, SERVICE, 'orders.list')).toBe(true);
    expect(allows(acl, SERVICE, 'orders.refund')).toBe(false);
  });

  it('lets a deny rule with conditions deny only whom they pick out', () => {
    const acl = new ACL(
      [{ callers: ['*'], targets: ['*'], effect: 'deny', conditions: { roles: ['guest'] } }],
      'allow',
    );
    expect(allows(acl, GUEST)).toBe(false);
    expect(allows(acl, STAFF)).toBe(true);
  });

  it('never matches a rule with conditions when no context is given, as apcore', () => {
    const acl = gated({ max_call_depth: 5 });
    expect(acl.check(null, 'orders.refund')).toBe(false);
    expect(acl.check(null, 'orders.refund', null)).toBe(false);
  });

  it('treats conditions: null (left empty in YAML) as no conditions', () => {
    const acl = ACL.fromObject({
      rules: [{ callers: ['*'], targets: ['*'], effect: 'allow', conditions: null }],
    });
    expect(acl.check(null, 'orders.refund')).toBe(true);
    expect(acl.rules[0]).not.toHaveProperty('conditions');
  });

  it('keeps its own copy: changing the given object later changes nothing', () => {
    const conditions = { roles: ['staff'] };
    const acl = gated(conditions);
    conditions.roles.push('guest');
    expect(allows(acl, GUEST)).toBe(false);
    expect(acl.rules[0]?.conditions).toEqual({ roles: ['staff'] });
  });

  it('checks conditions of rules added with addRule, and counts the change', () => {
    const acl = new ACL();
    expect(acl.revision).toBe(0);
    acl.addRule({
      callers: ['*'],
      targets: ['*'],
      effect: 'allow',
      conditions: { roles: ['staff'] },
    });
    expect(acl.revision).toBe(1);
    expect(allows(acl, STAFF)).toBe(true);
    expect(allows(acl, GUEST)).toBe(false);
    expect(() =>
      acl.addRule({
        callers: ['*'],
        targets: ['*'],
        effect: 'allow',
        conditions: { role: ['x'] },
      } as ACLRule),
    ).toThrow(/rule\.conditions\.role: unknown condition/);
    expect(acl.revision).toBe(1);
  });
});

describe('ACL conditions fail closed on bad values', () => {
  const KNOWN = 'known: identity_types, roles, max_call_depth, $or, $not';

  it.each([
    [{ rolez: ['staff'] }, 'rules[0].conditions.rolez', `unknown condition; ${KNOWN}`],
    [{ identityTypes: ['user'] }, 'rules[0].conditions.identityTypes', 'unknown condition'],
    [{ roles: 'staff' }, 'rules[0].conditions.roles', 'non-empty list of strings'],
    [{ roles: [] }, 'rules[0].conditions.roles', 'non-empty list of strings'],
    [{ roles: ['staff', 7] }, 'rules[0].conditions.roles[1]', 'non-empty string'],
    [{ identity_types: [''] }, 'rules[0].conditions.identity_types[0]', 'non-empty string'],
    [{ max_call_depth: 0 }, 'rules[0].conditions.max_call_depth', 'positive integer'],
    [{ max_call_depth: 2.5 }, 'rules[0].conditions.max_call_depth', 'positive integer'],
    [{ max_call_depth: '3' }, 'rules[0].conditions.max_call_depth', 'positive integer'],
    [{ $or: [] }, 'rules[0].conditions.$or', 'non-empty list of condition objects'],
    [{ $or: { roles: ['x'] } }, 'rules[0].conditions.$or', 'non-empty list of condition objects'],
    [{ $or: [{ roles: ['x'] }, 'staff'] }, 'rules[0].conditions.$or[1]', 'object of conditions'],
    [{ $or: [{ rolez: ['x'] }] }, 'rules[0].conditions.$or[0].rolez', 'unknown condition'],
    [{ $not: [{ roles: ['x'] }] }, 'rules[0].conditions.$not', 'object of conditions'],
    [{ $not: {} }, 'rules[0].conditions.$not', 'at least one condition'],
    [
      { $not: { $or: [{ max_call_depth: -1 }] } },
      'rules[0].conditions.$not.$or[0].max_call_depth',
      'positive integer',
    ],
    [{}, 'rules[0].conditions', 'at least one condition'],
    [['roles'], 'rules[0].conditions', 'object of conditions'],
  ])('%j -> %s', (conditions, field, message) => {
    const rule = { callers: ['*'], targets: ['*'], effect: 'allow', conditions };
    try {
      ACL.fromObject({ rules: [rule] });
      expect.unreachable();
    } catch (error) {
      expect(ACLRuleError.isInstance(error)).toBe(true);
      expect((error as ACLRuleError).message).toContain(field);
      expect((error as ACLRuleError).message).toContain(message);
      expect((error as ACLRuleError).details.field).toBe(`mcp.acl.${field}`);
    }
  });
});

describe('ACL conditions from YAML', () => {
  let root: string;

  beforeAll(async () => {
    root = await createTempDir();
  });

  afterAll(() => removeTempDir(root));

  it('loads snake_case conditions, nested $or and $not included', async () => {
    const path = join(root, 'acl.yaml');
    await writeFile(
      path,
      [
        'default_effect: deny',
        'rules:',
        '  - callers: ["*"]',
        '    targets: ["orders.*"]',
        '    effect: allow',
        '    description: staff (but no guests) and services, top-level only',
        '    conditions:',
        '      max_call_depth: 1',
        '      $or:',
        '        - roles: [staff]',
        '          $not:',
        '            roles: [guest]',
        '        - identity_types: [service]',
        '  - callers: ["@external"]',
        '    targets: ["public.*"]',
        '    effect: allow',
      ].join('\n'),
    );
    const acl = ACL.load(path);
    expect(allows(acl, STAFF)).toBe(true);
    expect(allows(acl, SERVICE)).toBe(true);
    expect(allows(acl, GUEST)).toBe(false);
    expect(allows(acl, { id: 'mixed', roles: ['staff', 'guest'] })).toBe(false);
    expect(allows(acl, null, 'public.search')).toBe(true);
    expect(acl.rules[0]?.conditions).toEqual({
      max_call_depth: 1,
      $or: [{ roles: ['staff'], $not: { roles: ['guest'] } }, { identity_types: ['service'] }],
    });
  });

  it('refuses an unknown condition in the file, naming the field', async () => {
    const path = join(root, 'typo.yaml');
    await writeFile(
      path,
      [
        'rules:',
        '  - callers: ["*"]',
        '    targets: ["*"]',
        '    effect: allow',
        '  - callers: ["*"]',
        '    targets: ["orders.*"]',
        '    effect: allow',
        '    conditions:',
        '      rolez: [staff]',
      ].join('\n'),
    );
    expect(() => ACL.load(path)).toThrow(
      'rules[1].conditions.rolez: unknown condition; known: identity_types, roles, max_call_depth, $or, $not',
    );
  });
});
