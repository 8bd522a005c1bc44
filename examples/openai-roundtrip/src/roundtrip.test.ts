import { describe, expect, it } from 'vitest';
import { checkMessages, runRoundtrip } from './roundtrip.js';

describe('the OpenAI round trip example', () => {
  it('exports the shop tools and answers every canned tool call correctly', async () => {
    const lines: string[] = [];
    const { toolNames, messages } = await runRoundtrip((line) => lines.push(line));
    expect(toolNames).toContain('orders-place_order');
    expect(toolNames).toHaveLength(9);
    expect(messages).toHaveLength(4);
    expect(messages.every((message) => message.role === 'tool')).toBe(true);
    expect(lines.at(-1)).toBe('All tool calls answered as expected.');
  });
});

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
      'call_unknown got an unexpected answer: undefined',
    ]);
  });
});
