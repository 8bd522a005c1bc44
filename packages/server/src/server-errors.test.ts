import { ApcoreMcpError, ErrorCodes, ModuleError } from '@apcore-mcp/core';
import { describe, expect, it } from 'vitest';
import { ApprovalRequiredError } from './calls/approval-required-error.js';
import { ResourceNotFoundError } from './kernel/resource-not-found-error.js';
import { ListenError } from './transports/listen-error.js';

describe('errors of the server', () => {
  const inUse = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
  const errors = [
    { error: new ListenError(inUse, { host: '::1', port: 8000 }), code: 'EADDRINUSE' },
    { error: new ResourceNotFoundError('docs://nope'), code: 'RESOURCE_NOT_FOUND' },
    {
      error: new ApprovalRequiredError({ moduleId: 'files.delete' }),
      code: ErrorCodes.APPROVAL_REQUIRED,
    },
  ];

  it.each(errors)('$error.name is an apcore-mcp error with code $code', ({ error, code }) => {
    expect(ApcoreMcpError.isInstance(error)).toBe(true);
    expect(error.code).toBe(code);
    const others = errors.filter((other) => other.error !== error);
    for (const other of others) {
      const ownClass = other.error.constructor as typeof ApcoreMcpError;
      expect(ownClass.isInstance(error)).toBe(false);
    }
  });

  it('keeps the facts each error carried', () => {
    expect(new ListenError(inUse, { host: '::1', port: 8000 })).toMatchObject({
      message: 'Cannot listen on [::1]:8000: address [::1]:8000 is already in use',
      details: { host: '::1', port: 8000 },
      cause: inUse,
    });
    expect(new ResourceNotFoundError('docs://nope')).toMatchObject({
      message: 'Resource not found: docs://nope',
      details: { uri: 'docs://nope' },
    });
    expect(ModuleError.isInstance(new ApprovalRequiredError({ moduleId: 'a' }))).toBe(true);
  });
});
