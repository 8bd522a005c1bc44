import { describe, expect, it } from 'vitest';
import { checkResults } from './roundtrip.js';

describe('the round trip self-check', () => {
  it('names every result that is wrong, so the example fails loudly', () => {
    const problems = checkResults([
      {
        type: 'tool_result',
        tool_use_id: 'toolu_lookup',
        content: [{ type: 'text', text: '{"found":false}' }],
      },
      {
        type: 'tool_result',
        tool_use_id: 'toolu_order',
        content: [{ type: 'text', text: 'Internal error occurred' }],
        is_error: true,
      },
    ]);
    expect(problems).toEqual([
      'results out of order or missing: toolu_lookup,toolu_order',
      'toolu_lookup got an unexpected result: {"type":"tool_result","tool_use_id":"toolu_lookup","content":[{"type":"text","text":"{\\"found\\":false}"}]}',
      'toolu_order got an unexpected result: {"type":"tool_result","tool_use_id":"toolu_order","content":[{"type":"text","text":"Internal error occurred"}],"is_error":true}',
      'toolu_bad_sku got an unexpected result: undefined',
      'toolu_card got an unexpected result: undefined',
      'toolu_unknown got an unexpected result: undefined',
    ]);
  });
});
