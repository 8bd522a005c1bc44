import { describe, expect, it } from 'vitest';
import { checkMessages } from './roundtrip.js';

describe('the round trip self-check', () => {
  it('names every answer that is wrong, so the example fails loudly', () => {
    expect(
      checkMessages([
        { role: 'tool', tool_call_id: 'call_lookup', content: '{"found":false}' },
        { role: 'tool', tool_call_id: 'call_order', content: 'Internal error occurred' },
      ]),
    ).toEqual([
      'answers out of order or missing: call_lookup,call_order',
      'call_lookup got an unexpected answer: {"found":false}',
      'call_order got an unexpected answer: Internal error occurred',
      'call_bad_sku got an unexpected answer: undefined',
      'call_card got an unexpected answer: undefined',
      'call_unknown got an unexpected answer: undefined',
    ]);
  });
});
