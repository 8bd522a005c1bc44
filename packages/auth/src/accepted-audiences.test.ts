import { describe, expect, it } from 'vitest';
import { acceptedAudiences } from './accepted-audiences.js';

const RESOURCE = new URL('https://mcp.example.com/mcp');

describe('acceptedAudiences', () => {
  it('is the resource URL by default, the listed audiences when set, anything when waived', () => {
    expect(acceptedAudiences({ kind: 'resource-url' }, RESOURCE)).toEqual([RESOURCE.href]);
    expect(acceptedAudiences({ kind: 'listed', audiences: ['a', 'b'] }, RESOURCE)).toEqual([
      'a',
      'b',
    ]);
    expect(acceptedAudiences({ kind: 'any' }, RESOURCE)).toBeUndefined();
  });

  it('takes a path-less resource URL with or without its trailing slash', () => {
    expect(acceptedAudiences({ kind: 'resource-url' }, new URL('https://mcp.example.com'))).toEqual(
      ['https://mcp.example.com/', 'https://mcp.example.com'],
    );
  });
});
