import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { invalidOption } from '../__fixtures__/invalid-option.js';
import { SERVE_DEFAULTS } from '../kernel/option-declaration.js';
import { checkServeOptions, resolveOptions } from './resolve-options.js';

const START = { ...SERVE_DEFAULTS, handleSignals: false, allowAnyPort: true };
const store = { append: () => {}, close: async () => {} };

describe('the options that apply to some transports only', () => {
  it('ignores host and port over stdio, whatever they hold, as the SRS says', () => {
    const resolved = resolveOptions({ transport: 'stdio', host: '', port: 99999 }, START);
    expect(resolved).toMatchObject({ host: '127.0.0.1', port: 8000 });
  });

  it('refuses usage over stdio, in its object form too, and turns it off with false', () => {
    const refusal = 'usage: GET /usage is served by transport streamable-http or sse, not stdio';
    expect(() => checkServeOptions({ usage: true })).toThrow(invalidOption('usage', refusal));
    expect(() => checkServeOptions({ usage: { adminRoles: ['admin'] } })).toThrow(
      invalidOption('usage', refusal),
    );
    expect(resolveOptions({ usage: false }, START).usage).toBeUndefined();
    expect(resolveOptions({ transport: 'sse', usage: {} }, START).usage).toEqual({
      adminRoles: [],
    });
  });

  it('checks what it does not use: a bad maxSessions over stdio is still refused', () => {
    expect(() => checkServeOptions({ maxSessions: 0 })).toThrow(invalidOption('maxSessions'));
  });
});

describe('the rules between options', () => {
  it('refuses auth and authenticate together, naming both', () => {
    const options = {
      transport: 'streamable-http',
      auth: { secret: 's'.repeat(32) },
      authenticate: () => null,
    };
    expect(() => checkServeOptions(options)).toThrow(invalidOption('auth'));
    expect(() => checkServeOptions(options)).toThrow(/^Give either auth .* or authenticate /);
  });
});

describe('the ledger', () => {
  it('takes a path in an existing directory, or a store', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'apcore-ledger-')), 'ledger.jsonl');
    expect(resolveOptions({ ledger: path }, START).ledger).toBe(path);
    expect(resolveOptions({ ledger: store }, START).ledger).toBe(store);
  });

  it('refuses a missing directory, an empty path and a non-store, each clearly', () => {
    const missing = join(tmpdir(), 'no-such-dir-apcore', 'ledger.jsonl');
    expect(() => checkServeOptions({ ledger: missing })).toThrow(
      invalidOption(
        'ledger',
        `ledger: directory ${join(tmpdir(), 'no-such-dir-apcore')} does not exist (for ledger file ${missing})`,
      ),
    );
    expect(() => checkServeOptions({ ledger: '' })).toThrow('ledger must not be an empty path');
    expect(() => checkServeOptions({ ledger: 42 as never })).toThrow(
      'ledger must be a file path or a LedgerStore',
    );
  });
});
