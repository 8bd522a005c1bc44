import { describe, expect, it } from 'vitest';
import { locateJsonError } from './locate-json-error.js';

describe('locateJsonError', () => {
  it.each([
    ['{"a": 1,}', 1, 9],
    ['{"amountCents": 1250,\n  "cardToken": }\n', 2, 16],
    ['{"a": tru}', 1, 7],
    ['[1, 2', 1, 6],
    ['{"a": "x\ny"}', 1, 9],
    ['{a: 1}', 1, 2],
    ['{"a": 1} x', 1, 10],
    ['{"a": [1, {"b": -}]}', 1, 17],
    ['', 1, 1],
    ['[1,]', 1, 4],
    ['{}x', 1, 3],
  ])('finds where %j stops being JSON', (text, line, column) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(locateJsonError(text)).toEqual({ line, column });
  });
});
