import { describe, expect, it } from 'vitest';
import { parseLedgerLine } from './ledger-record.js';

const RECORD = {
  time: '2026-11-24T14:02:11.532Z',
  subject: 'alice',
  tool: 'auth-login',
  moduleId: 'auth.login',
  arguments: { user: 'ann', password: '***REDACTED***' },
  durationMs: 4.213,
  outcome: 'ok',
  cost: 2,
};

describe('parseLedgerLine', () => {
  it('reads a record, with or without a trace id', () => {
    expect(parseLedgerLine(JSON.stringify(RECORD))).toEqual(RECORD);
    const traced = { ...RECORD, traceId: '4bf92f3577b34da6a3ce929d0e0e4736' };
    expect(parseLedgerLine(JSON.stringify(traced))).toEqual(traced);
  });

  it('names the field that is wrong', () => {
    expect(() => parseLedgerLine('{')).toThrow('not valid JSON');
    expect(() => parseLedgerLine(JSON.stringify({ ...RECORD, cost: '2' }))).toThrow(
      '"cost" is not a number',
    );
    expect(() => parseLedgerLine(JSON.stringify({ ...RECORD, traceId: 7 }))).toThrow(
      '"traceId" is not a string',
    );
  });
});
