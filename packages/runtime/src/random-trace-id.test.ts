import { describe, expect, it } from 'vitest';
import { createRandomTraceId } from './random-trace-id.js';

describe('createRandomTraceId', () => {
  it('gives W3C trace ids, each one new', () => {
    const ids = Array.from({ length: 1000 }, () => createRandomTraceId());
    for (const id of ids) expect(id).toMatch(/^(?!0{32})[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
