import { describe, expect, it } from 'vitest';
import { runRoundtrip } from '../../src/roundtrip.js';

// Discovery loads the example extensions with Node's own loader, and their `@apcore-mcp/core`
// import resolves to the built package: an end-to-end test, run after the build.
describe('the OpenAI round trip example', () => {
  it('exports the shop tools and answers every canned tool call correctly', async () => {
    const lines: string[] = [];
    const { toolNames, messages } = await runRoundtrip((line) => lines.push(line));
    expect(toolNames).toContain('orders-place_order');
    expect(toolNames).toHaveLength(13);
    expect(messages).toHaveLength(5);
    expect(messages.every((message) => message.role === 'tool')).toBe(true);
    expect(lines.at(-1)).toBe('All tool calls answered as expected.');
  });
});
