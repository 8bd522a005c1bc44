import { describe, expect, it } from 'vitest';
import { describeAudienceRule } from './audience-rule.js';

const RESOURCE = new URL('https://mcp.example.com/mcp');

describe('describeAudienceRule', () => {
  it('names the rule as the startup log says it', () => {
    expect(describeAudienceRule({ kind: 'resource-url' }, RESOURCE)).toBe(
      'the resource URL https://mcp.example.com/mcp',
    );
    expect(describeAudienceRule({ kind: 'resource-url' }, undefined)).toMatch(
      /^the resource URL of each request/,
    );
    expect(describeAudienceRule({ kind: 'listed', audiences: ['mcp'] }, RESOURCE)).toBe('mcp');
    expect(describeAudienceRule({ kind: 'listed', audiences: ['a', 'b'] }, undefined)).toBe(
      'one of a, b',
    );
    expect(describeAudienceRule({ kind: 'any' }, RESOURCE)).toBe('any');
  });
});
