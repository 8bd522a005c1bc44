import { describe, expect, it } from 'vitest';
import { runRoundtrip } from '../../src/roundtrip.js';

// Discovery loads the example extensions with Node's own loader, and their `@apcore-mcp/core`
// import resolves to the built package: an end-to-end test, run after the build.
describe('the Anthropic round trip example', () => {
  it('exports the shop tools and answers every recorded tool_use block correctly', async () => {
    const lines: string[] = [];
    const { toolNames, message } = await runRoundtrip((line) => lines.push(line));
    expect(toolNames).toContain('orders-place_order');
    expect(toolNames).toHaveLength(13);
    expect(message.role).toBe('user');
    expect(message.content).toHaveLength(5);
    expect(message.content.every((block) => block.type === 'tool_result')).toBe(true);
    expect(lines.at(-1)).toBe('All tool_use blocks answered as expected.');
  });
});
