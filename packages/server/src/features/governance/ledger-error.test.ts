import { describe, expect, it } from 'vitest';
import { toLedgerError } from './ledger-error.js';

function failed(text: string, code?: string) {
  return {
    content: [{ type: 'text' as const, text }],
    isError: true,
    ...(code && { _meta: { 'apcore/errorCode': code } }),
  };
}

describe('toLedgerError', () => {
  it('keeps the code and the first line, with paths replaced', () => {
    expect(
      toLedgerError(
        failed(
          'No report in /var/lib/reports/q3.csv or file:///tmp/x\nat f (/a/b.js:1)',
          'NOT_FOUND',
        ),
      ),
    ).toEqual({ code: 'NOT_FOUND', message: 'No report in <path> or <path>' });
    expect(toLedgerError(failed('Locked: C:\\shop\\locks\\a.lock'))).toEqual({
      code: 'ERROR',
      message: 'Locked: <path>',
    });
  });

  it('leaves limits and ratios alone, and cuts long messages', () => {
    const text = 'Rate limit of 60 calls per minute reached; retry in 12 s (60/min, and/or 1/2)';
    expect(toLedgerError(failed(text, 'RATE_LIMITED')).message).toBe(text);
    expect(toLedgerError(failed('x'.repeat(500))).message).toHaveLength(200);
  });
});
