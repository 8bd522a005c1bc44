import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { invalidOption } from '../__fixtures__/invalid-option.js';
import { readModuleCost } from '../governance/module-cost.js';
import { resolveGovernanceOptions } from './governance-options.js';

describe('the ledger and usage options', () => {
  it('takes a path in an existing directory, or a store', () => {
    const path = join(tmpdir(), 'ledger.jsonl');
    expect(resolveGovernanceOptions({ ledger: path }, 'stdio')).toEqual({
      ledger: path,
      usage: undefined,
    });
    const store = { append: () => {}, close: async () => {} };
    expect(resolveGovernanceOptions({ ledger: store, usage: true }, 'sse').ledger).toBe(store);
  });

  it('refuses a missing directory, a non-store and usage over stdio, each clearly', () => {
    const missing = join(tmpdir(), 'no-such-dir-apcore', 'ledger.jsonl');
    expect(() => resolveGovernanceOptions({ ledger: missing }, 'stdio')).toThrow(
      invalidOption('ledger'),
    );
    expect(() => resolveGovernanceOptions({ ledger: missing }, 'stdio')).toThrow(
      'ledger: directory',
    );
    expect(() => resolveGovernanceOptions({ ledger: '' }, 'stdio')).toThrow(
      'ledger must not be an empty path',
    );
    expect(() => resolveGovernanceOptions({ ledger: 42 }, 'stdio')).toThrow(
      'ledger must be a file path or a LedgerStore',
    );
    expect(() => resolveGovernanceOptions({ usage: 'yes' }, 'sse')).toThrow(
      "usage must be a boolean or { adminRoles }, got 'yes'",
    );
    expect(() => resolveGovernanceOptions({ usage: true }, 'stdio')).toThrow(
      invalidOption(
        'usage',
        'usage: GET /usage is served by transport streamable-http or sse, not stdio',
      ),
    );
  });
});

describe('the usage option', () => {
  it('is off by default, on with true or an object, admin roles given or none', () => {
    expect(resolveGovernanceOptions({}, 'sse').usage).toBeUndefined();
    expect(resolveGovernanceOptions({ usage: false }, 'sse').usage).toBeUndefined();
    expect(resolveGovernanceOptions({ usage: true }, 'sse').usage).toEqual({ adminRoles: [] });
    expect(resolveGovernanceOptions({ usage: {} }, 'sse').usage).toEqual({ adminRoles: [] });
    const roles = { adminRoles: ['admin', 'auditor'] };
    expect(resolveGovernanceOptions({ usage: roles }, 'sse').usage).toEqual(roles);
  });

  it('refuses admin roles that are not a list of non-empty strings, and stdio', () => {
    const resolve = (usage: unknown) => () => resolveGovernanceOptions({ usage }, 'sse');
    expect(resolve({ adminRoles: 'admin' })).toThrow(invalidOption('usage.adminRoles'));
    expect(resolve({ adminRoles: 'admin' })).toThrow(
      "usage.adminRoles must be an array of strings, got 'admin'",
    );
    expect(resolve({ adminRoles: [1] })).toThrow('usage.adminRoles must be an array of strings');
    expect(resolve({ adminRoles: [' '] })).toThrow(
      invalidOption('usage.adminRoles', 'usage.adminRoles must not hold an empty role'),
    );
    expect(resolve([])).toThrow('usage must be a boolean or { adminRoles }, got array');
    expect(() => resolveGovernanceOptions({ usage: { adminRoles: [] } }, 'stdio')).toThrow(
      invalidOption('usage'),
    );
  });
});

describe('readModuleCost', () => {
  it('reads metadata.cost, 0 for anything that is not a cost', () => {
    expect(readModuleCost({ metadata: { cost: 2.5 } })).toBe(2.5);
    expect(readModuleCost({ metadata: {} })).toBe(0);
    expect(readModuleCost({ metadata: { cost: -1 } })).toBe(0);
    expect(readModuleCost({ metadata: { cost: '5' } })).toBe(0);
    expect(readModuleCost(null)).toBe(0);
  });
});
