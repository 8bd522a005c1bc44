import { describe, expect, it } from 'vitest';
import { guardCallChain } from './guard-call-chain.js';

const LIMITS = { maxCallDepth: 4, maxModuleRepeat: 2, traceId: 'trace-1' };

function codeOf(callChain: string[]): string | undefined {
  try {
    guardCallChain(callChain, LIMITS);
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

describe('guardCallChain', () => {
  it('lets top-level calls, chains and direct recursion through', () => {
    expect(codeOf([])).toBeUndefined();
    expect(codeOf(['a'])).toBeUndefined();
    expect(codeOf(['a', 'b', 'c'])).toBeUndefined();
    expect(codeOf(['a', 'a'])).toBeUndefined();
  });

  it('refuses a chain too deep, a cycle, and a module repeated too often, in that order', () => {
    expect(codeOf(['a', 'b', 'c', 'd', 'e'])).toBe('CALL_DEPTH_EXCEEDED');
    expect(codeOf(['a', 'b', 'a'])).toBe('CIRCULAR_CALL');
    expect(codeOf(['b', 'a', 'c', 'a'])).toBe('CIRCULAR_CALL');
    expect(codeOf(['a', 'a', 'a'])).toBe('CALL_FREQUENCY_EXCEEDED');
    expect(codeOf(['a', 'b', 'a', 'b', 'a'])).toBe('CALL_DEPTH_EXCEEDED');
  });

  it('names the trace in what it throws', () => {
    expect(() => guardCallChain(['a', 'b', 'a'], LIMITS)).toThrow(
      expect.objectContaining({ traceId: 'trace-1' }),
    );
  });
});
