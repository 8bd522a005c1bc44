import { describe, expect, it } from 'vitest';
import { ApcoreMcpError } from './apcore-mcp-error.js';
import { ModuleError } from './module-error.js';
import { ModuleNotFoundError } from './module-not-found-error.js';

const quotaMarker = Symbol.for('apcore-mcp.test.QuotaError');

/** A subclass defined the documented way, with a marker of its own. */
class QuotaError extends ApcoreMcpError {
  constructor() {
    super({ code: 'QUOTA_EXCEEDED', message: 'quota' });
    this.name = 'QuotaError';
    Object.defineProperty(this, quotaMarker, { value: true });
  }
  static override isInstance(value: unknown): value is QuotaError {
    return ApcoreMcpError.hasMarker(value, quotaMarker);
  }
}

describe('ApcoreMcpError', () => {
  it('carries code, message, details (default {}) and the standard cause', () => {
    const cause = new Error('disk full');
    const error = new ApcoreMcpError({ code: 'X', message: 'went wrong', cause });
    expect(error).toMatchObject({ code: 'X', message: 'went wrong', name: 'ApcoreMcpError' });
    expect(error.details).toEqual({});
    expect(error.cause).toBe(cause);
    expect(error).toBeInstanceOf(Error);
    expect('cause' in new ApcoreMcpError({ code: 'X', message: 'y' })).toBe(false);
  });

  it('recognises errors made by another copy of the class, by its Symbol.for marker', () => {
    // What a second install of the package would build: an unrelated class, the same marker.
    const marker = Symbol.for('apcore-mcp.error');
    class CopiedError extends Error {
      readonly [marker] = true;
      readonly code = 'X';
    }
    expect(ApcoreMcpError.isInstance(new CopiedError('copy'))).toBe(true);
    expect(ApcoreMcpError.isInstance(Object.assign(new Error('x'), { code: 'X' }))).toBe(false);
    expect(ApcoreMcpError.isInstance(null)).toBe(false);
    expect(ApcoreMcpError.isInstance('X')).toBe(false);
  });

  it('is the base of subclasses, whose own markers keep them apart', () => {
    const quota = new QuotaError();
    const missing = new ModuleNotFoundError({ moduleId: 'a' });
    expect(ApcoreMcpError.isInstance(quota)).toBe(true);
    expect(ApcoreMcpError.isInstance(missing)).toBe(true);
    expect(QuotaError.isInstance(quota)).toBe(true);
    expect(QuotaError.isInstance(missing)).toBe(false);
    expect(ModuleError.isInstance(quota)).toBe(false);
    expect(ModuleError.isInstance(missing)).toBe(true);
  });
});
