import { describe, expect, it } from 'vitest';
import * as middlewares from './middlewares.js';

describe('the middlewares entry', () => {
  it('exports buildMiddlewares alone, which builds the contract entries', () => {
    expect(Object.keys(middlewares)).toEqual(['buildMiddlewares']);
    expect(middlewares.buildMiddlewares([{ type: 'logging' }, { type: 'retry' }])).toHaveLength(2);
  });
});
