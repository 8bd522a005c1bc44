import { describe, expect, it } from 'vitest';
import { suggestClosest } from './suggest-closest.js';

describe('suggestClosest', () => {
  it('offers the candidate a typo most likely meant', () => {
    expect(suggestClosest('prot', ['port', 'host'])).toBe('port');
    expect(suggestClosest('trasport', ['transport', 'host', 'port'])).toBe('transport');
    expect(suggestClosest('APCORE_MCP_PROT', ['APCORE_MCP_PORT', 'APCORE_MCP_HOST'])).toBe(
      'APCORE_MCP_PORT',
    );
  });

  it('offers nothing when no candidate is close', () => {
    expect(suggestClosest('favourite-colour', ['port', 'host'])).toBeUndefined();
    expect(suggestClosest('x', [])).toBeUndefined();
  });
});
