import { describe, expect, it } from 'vitest';
import { isModuleErrorLike } from './is-module-error-like.js';

describe('isModuleErrorLike', () => {
  it('accepts apcore-shaped errors from any runtime', () => {
    expect(isModuleErrorLike({ code: 'ACL_DENIED', message: 'denied', details: {} })).toBe(true);
    expect(isModuleErrorLike(Object.assign(new Error('m'), { code: 'MODULE_TIMEOUT' }))).toBe(true);
    expect(isModuleErrorLike({ code: 'FUTURE_CODE_2', message: '' })).toBe(true);
  });

  it('rejects everything else', () => {
    expect(isModuleErrorLike(new Error('m'))).toBe(false);
    expect(isModuleErrorLike({ code: 'ACL_DENIED' })).toBe(false);
    expect(isModuleErrorLike({ code: 'lower_case', message: 'm' })).toBe(false);
    expect(isModuleErrorLike({ code: 'ENOENT', message: 'm' })).toBe(false);
    expect(isModuleErrorLike({ code: 'ERR_INVALID_ARG_TYPE', message: 'm' })).toBe(false);
    expect(isModuleErrorLike({ code: 'SOME_CODE', message: 'm', errno: -13 })).toBe(false);
    expect(isModuleErrorLike(null)).toBe(false);
    expect(isModuleErrorLike('ACL_DENIED')).toBe(false);
  });
});
