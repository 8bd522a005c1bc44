import { describe, expect, it } from 'vitest';
import { runRoundtrip } from '../../src/roundtrip.js';

// Discovery loads the example extensions with Node's own loader, and their `@apcore-mcp/core`
// import resolves to the built package: an end-to-end test, run after the build.
describe('the Gemini round trip example', () => {
  it('declares the shop functions and answers every recorded function call correctly', async () => {
    const lines: string[] = [];
    const { functionNames, parts } = await runRoundtrip((line) => lines.push(line));
    expect(functionNames).toContain('orders-place_order');
    expect(functionNames).toHaveLength(13);
    expect(parts).toHaveLength(5);
    expect(parts.every((part) => part.functionResponse.name !== '')).toBe(true);
    expect(lines.at(-1)).toBe('All function calls answered as expected.');
  });
});
