import { describe, expect, it } from 'vitest';
import * as runtime from './index.js';
import * as middlewares from './middlewares.js';

describe('the middlewares entry', () => {
  it('exports the same buildMiddlewares as the main entry, and nothing else', () => {
    expect(Object.keys(middlewares)).toEqual(['buildMiddlewares']);
    expect(middlewares.buildMiddlewares).toBe(runtime.buildMiddlewares);
  });
});
