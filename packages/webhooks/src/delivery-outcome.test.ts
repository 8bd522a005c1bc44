import { describe, expect, test } from 'vitest';
import { outcomeOfStatus } from './delivery-outcome.js';

describe('outcomeOfStatus', () => {
  test.each([200, 202, 204])('%i succeeds', (status) => {
    expect(outcomeOfStatus(status)).toStrictEqual({ ok: true, status });
  });

  test.each([
    [301, 'http_4xx', true],
    [308, 'http_4xx', true],
    [400, 'http_4xx', true],
    [429, 'http_4xx', true],
    [410, 'http_4xx', false],
    [413, 'http_4xx', false],
    [500, 'http_5xx', true],
    [503, 'http_5xx', true],
  ])('%i fails as %s, retry %s', (status, category, retry) => {
    expect(outcomeOfStatus(status)).toStrictEqual({ ok: false, category, retry, status });
  });
});
