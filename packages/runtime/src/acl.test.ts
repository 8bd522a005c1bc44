import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ACLRuleError, ConfigNotFoundError } from '@apcore-mcp/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDir, removeTempDir } from './__fixtures__/temp-dir.js';
import { ACL } from './acl.js';
import { Context } from './context.js';
import { matchPattern } from './match-pattern.js';

describe('matchPattern', () => {
  it.each([
    ['*', 'anything.at.all', true],
    ['*', '@external', true],
    ['image.resize', 'image.resize', true],
    ['image.resize', 'image.resized', false],
    ['image.*', 'image.resize', true],
    ['image.*', 'image.filters.blur', true],
    ['image.*', 'imaging.resize', false],
    ['image.*', 'image', false],
    ['*.admin.*', 'users.admin.delete', true],
    ['*.admin.*', 'users.admins.delete', false],
    ['*.delete', 'files.delete', true],
    ['*.delete', 'files.delete_all', false],
    ['a*b*c', 'axxbyyc', true],
    ['a*b*c', 'ac', false],
    ['ab*ba', 'aba', false],
    ['@external', '@external', true],
  ])('%s matches %s: %s', (pattern, value, expected) => {
    expect(matchPattern(pattern, value)).toBe(expected);
  });
});

describe('ACL', () => {
  it('denies everything by default, as apcore does', () => {
    const acl = new ACL();
    expect(acl.defaultEffect).toBe('deny');
    expect(acl.check(null, 'any.module')).toBe(false);
  });

  it('applies a configurable default when no rule matches', () => {
    expect(new ACL([], 'allow').check('a', 'b')).toBe(true);
  });

  it('lets the first matching rule win', () => {
    const acl = ACL.fromObject({
      rules: [
        { callers: ['*'], targets: ['admin.*'], effect: 'deny' },
        { callers: ['*'], targets: ['*'], effect: 'allow' },
      ],
    });
    expect(acl.check(null, 'admin.purge')).toBe(false);
    expect(acl.check(null, 'public.search')).toBe(true);
  });

  it('matches a top-level caller as @external and a module caller by its id', () => {
    const acl = ACL.fromObject({
      rules: [
        { callers: ['@external'], targets: ['api.*'], effect: 'allow' },
        { callers: ['api.*'], targets: ['db.*'], effect: 'allow' },
      ],
    });
    expect(acl.check(null, 'api.users')).toBe(true);
    expect(acl.check(null, 'db.query')).toBe(false);
    expect(acl.check('api.users', 'db.query')).toBe(true);
    expect(acl.check('other.module', 'db.query')).toBe(false);
    expect(acl.check('@external', 'api.users')).toBe(true);
  });

  it('matches a top-level caller with an identity by that id, and still as @external', () => {
    const acl = ACL.fromObject({
      rules: [
        { callers: ['alice'], targets: ['admin.*'], effect: 'allow' },
        { callers: ['*'], targets: ['admin.*'], effect: 'deny' },
        { callers: ['@external'], targets: ['public.*'], effect: 'allow' },
      ],
    });
    const alice = Context.create({ identity: { id: 'alice' } });
    const bob = Context.create({ identity: { id: 'bob' } });
    expect(acl.check(null, 'admin.purge', alice)).toBe(true);
    expect(acl.check(null, 'admin.purge', bob)).toBe(false);
    expect(acl.check(null, 'public.search', alice)).toBe(true);
    // A nested call is made by its calling module, whoever started the chain.
    expect(acl.check('reports.build', 'admin.purge', alice)).toBe(false);
  });

  it('puts an added rule in front', () => {
    const acl = ACL.fromObject({ rules: [{ callers: ['*'], targets: ['*'], effect: 'allow' }] });
    acl.addRule({
      callers: ['*'],
      targets: ['danger.*'],
      effect: 'deny',
      description: 'no danger',
    });
    expect(acl.check(null, 'danger.zone')).toBe(false);
    expect(acl.check(null, 'safe.zone')).toBe(true);
    expect(acl.rules[0]).toEqual({
      callers: ['*'],
      targets: ['danger.*'],
      effect: 'deny',
      description: 'no danger',
    });
  });

  it('hands out copies of its rules', () => {
    const acl = ACL.fromObject({ rules: [{ callers: ['*'], targets: ['*'], effect: 'allow' }] });
    const [rule] = acl.rules;
    if (rule) rule.effect = 'deny';
    expect(acl.check(null, 'x')).toBe(true);
  });

  it.each([
    [null, 'mcp.acl: no rules configured', 'mcp.acl'],
    [{}, 'mcp.acl: no rules configured', 'mcp.acl'],
    ['deny', 'mcp.acl: must be a mapping', 'mcp.acl'],
    [{ rules: 'x' }, 'mcp.acl.rules: rules must be a list', 'mcp.acl.rules'],
    [{ rules: [42] }, 'mcp.acl.rules[0]: a rule must be a mapping', 'mcp.acl.rules[0]'],
    [
      { rules: [{ targets: ['*'], effect: 'allow' }] },
      "mcp.acl.rules[0].callers: 'callers' must be a non-empty list of patterns",
      'mcp.acl.rules[0].callers',
    ],
    [
      { rules: [{ callers: [], targets: ['*'], effect: 'allow' }] },
      "mcp.acl.rules[0].callers: 'callers' must be a non-empty list",
      'mcp.acl.rules[0].callers',
    ],
    [
      { rules: [{ callers: ['*'], targets: ['*', 3], effect: 'allow' }] },
      "mcp.acl.rules[0].targets: 'targets[1]' must be a non-empty string",
      'mcp.acl.rules[0].targets',
    ],
    [
      { rules: [{ callers: ['*'], targets: ['*'], effect: 'permit' }] },
      `mcp.acl.rules[0].effect: 'effect' must be 'allow' or 'deny', got "permit"`,
      'mcp.acl.rules[0].effect',
    ],
    [
      { rules: [{ callers: ['*'], targets: ['*'], effect: 'allow', description: 1 }] },
      "mcp.acl.rules[0].description: 'description' must be a string",
      'mcp.acl.rules[0].description',
    ],
    [
      { rules: [], defaultEffect: 'maybe' },
      "defaultEffect must be 'allow' or 'deny'",
      'mcp.acl.defaultEffect',
    ],
    [
      { rules: [{ callers: ['*'], targets: ['*'], effect: 'allow', efect: 'deny' }] },
      "mcp.acl.rules[0].efect: unexpected keys 'efect'; a rule takes callers, targets, effect, description, conditions, approval",
      'mcp.acl.rules[0].efect',
    ],
    [
      { rules: [{ callers: ['*'], targets: ['*'], effect: 'deny', approval: 'required' }] },
      "mcp.acl.rules[0].approval: 'approval: required' goes with 'effect: allow' only",
      'mcp.acl.rules[0].approval',
    ],
    [
      { rules: [{ callers: ['*'], targets: ['$not', 'a', 'b'], effect: 'allow' }] },
      "'targets' opens with '$not' and takes exactly one pattern after it, got 2",
      'mcp.acl.rules[0].targets',
    ],
    [
      { rules: [{ callers: ['$or', '$not', 'a'], targets: ['*'], effect: 'allow' }] },
      "'callers[1]' is '$not', an operator that may only stand first",
      'mcp.acl.rules[0].callers',
    ],
  ])(
    'refuses a bad config with an ACLRuleError naming the field (%#)',
    (config, message, field) => {
      try {
        ACL.fromObject(config);
        expect.unreachable();
      } catch (error) {
        expect(ACLRuleError.isInstance(error)).toBe(true);
        expect((error as ACLRuleError).message).toContain(message);
        expect((error as ACLRuleError).details.field).toBe(field);
      }
    },
  );

  it('refuses a bad rule given to addRule or the constructor', () => {
    const acl = new ACL();
    expect(() => acl.addRule({ callers: ['*'], targets: [], effect: 'allow' })).toThrow(
      ACLRuleError,
    );
    expect(() => new ACL([{ callers: ['*'], targets: ['*'], effect: 'nope' as 'allow' }])).toThrow(
      ACLRuleError,
    );
  });

  describe('load', () => {
    let root: string;

    beforeAll(async () => {
      root = await createTempDir();
    });

    afterAll(() => removeTempDir(root));

    it('reads rules and the default effect from YAML', async () => {
      const path = join(root, 'acl.yaml');
      await writeFile(
        path,
        [
          'default_effect: allow',
          'rules:',
          '  - callers: ["@external"]',
          '    targets: ["admin.*"]',
          '    effect: deny',
          '    description: nobody outside reaches admin',
        ].join('\n'),
      );
      const acl = ACL.load(path);
      expect(acl.defaultEffect).toBe('allow');
      expect(acl.check(null, 'admin.purge')).toBe(false);
      expect(acl.check('admin.ui', 'admin.purge')).toBe(true);
    });

    it('accepts the camelCase defaultEffect too', async () => {
      const path = join(root, 'camel.yaml');
      await writeFile(path, 'defaultEffect: allow\nrules: []\n');
      expect(ACL.load(path).defaultEffect).toBe('allow');
    });

    it('reports a missing file as ConfigNotFoundError naming it', () => {
      const path = join(root, 'missing.yaml');
      try {
        ACL.load(path);
        expect.unreachable();
      } catch (error) {
        expect(ConfigNotFoundError.isInstance(error)).toBe(true);
        expect((error as ConfigNotFoundError).details).toEqual({ path });
      }
    });

    it('reports invalid YAML and bad rules as ACLRuleError', async () => {
      const broken = join(root, 'broken.yaml');
      await writeFile(broken, 'rules: [\n  - oops: {\n');
      expect(() => ACL.load(broken)).toThrow(/Invalid YAML in/);
      const bad = join(root, 'bad.yaml');
      await writeFile(
        bad,
        'rules:\n  - callers: ["*"]\n    targets: ["*"]\n    effect: sometimes\n',
      );
      expect(() => ACL.load(bad)).toThrow(/mcp\.acl\.rules\[0\]\.effect/);
    });
  });
});
