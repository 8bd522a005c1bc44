import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '../contract.js';
import { ACLDeniedError } from './acl-denied-error.js';
import { ACLRuleError } from './acl-rule-error.js';
import { ApprovalDeniedError } from './approval-denied-error.js';
import {
  CallDepthExceededError,
  CallFrequencyExceededError,
  CircularCallError,
} from './call-chain-errors.js';
import { ConfigNotFoundError } from './config-not-found-error.js';
import { ExecutionCancelledError } from './execution-cancelled-error.js';
import { InvalidInputError } from './invalid-input-error.js';
import { ModuleError } from './module-error.js';
import { ModuleLoadError } from './module-load-error.js';
import { ModuleNotFoundError } from './module-not-found-error.js';
import { ModuleTimeoutError } from './module-timeout-error.js';
import { DuplicateModuleIdError, InvalidModuleIdError } from './registry-errors.js';
import { SchemaValidationError } from './schema-validation-error.js';

const chain = ['a', 'b'];

/** Every error class, built with sample facts, with the code and details it must carry. */
const cases: Array<{
  error: ModuleError;
  code: string;
  details: Record<string, unknown>;
  name: string;
}> = [
  {
    error: new ModuleNotFoundError({ moduleId: 'x.y' }),
    name: 'ModuleNotFoundError',
    code: ErrorCodes.MODULE_NOT_FOUND,
    details: { moduleId: 'x.y' },
  },
  {
    error: new SchemaValidationError({
      errors: [{ field: 'a', code: 'type', message: 'must be string' }],
    }),
    name: 'SchemaValidationError',
    code: ErrorCodes.SCHEMA_VALIDATION_ERROR,
    details: { errors: [{ field: 'a', code: 'type', message: 'must be string' }] },
  },
  {
    error: new ACLDeniedError({ callerId: '@external', targetId: 'x' }),
    name: 'ACLDeniedError',
    code: ErrorCodes.ACL_DENIED,
    details: { callerId: '@external', targetId: 'x' },
  },
  {
    error: new ModuleTimeoutError({ moduleId: 'x', timeoutMs: 50 }),
    name: 'ModuleTimeoutError',
    code: ErrorCodes.MODULE_TIMEOUT,
    details: { moduleId: 'x', timeoutMs: 50 },
  },
  {
    error: new InvalidInputError('start after end', { details: { start: 2 } }),
    name: 'InvalidInputError',
    code: ErrorCodes.GENERAL_INVALID_INPUT,
    details: { start: 2 },
  },
  {
    error: new CallDepthExceededError({ depth: 3, maxDepth: 2, callChain: ['a', 'b', 'c'] }),
    name: 'CallDepthExceededError',
    code: ErrorCodes.CALL_DEPTH_EXCEEDED,
    details: { depth: 3, maxDepth: 2, callChain: ['a', 'b', 'c'] },
  },
  {
    error: new CircularCallError({ moduleId: 'a', callChain: [...chain, 'a'] }),
    name: 'CircularCallError',
    code: ErrorCodes.CIRCULAR_CALL,
    details: { moduleId: 'a', callChain: ['a', 'b', 'a'] },
  },
  {
    error: new CallFrequencyExceededError({
      moduleId: 'a',
      count: 4,
      maxRepeat: 3,
      callChain: chain,
    }),
    name: 'CallFrequencyExceededError',
    code: ErrorCodes.CALL_FREQUENCY_EXCEEDED,
    details: { moduleId: 'a', count: 4, maxRepeat: 3, callChain: chain },
  },
  {
    error: new ApprovalDeniedError({ moduleId: 'files.delete', reason: 'no' }),
    name: 'ApprovalDeniedError',
    code: ErrorCodes.APPROVAL_DENIED,
    details: { moduleId: 'files.delete', reason: 'no' },
  },
  {
    error: new ExecutionCancelledError({ moduleId: 'x' }),
    name: 'ExecutionCancelledError',
    code: ErrorCodes.EXECUTION_CANCELLED,
    details: { moduleId: 'x' },
  },
  {
    error: new InvalidModuleIdError({ moduleId: 'A', reason: 'upper case' }),
    name: 'InvalidModuleIdError',
    code: ErrorCodes.INVALID_MODULE_ID,
    details: { moduleId: 'A', reason: 'upper case' },
  },
  {
    error: new DuplicateModuleIdError({ moduleId: 'a' }),
    name: 'DuplicateModuleIdError',
    code: ErrorCodes.DUPLICATE_MODULE_ID,
    details: { moduleId: 'a' },
  },
  {
    error: new ModuleLoadError({ path: '/x.js', reason: 'boom' }),
    name: 'ModuleLoadError',
    code: ErrorCodes.MODULE_LOAD_ERROR,
    details: { path: '/x.js', reason: 'boom' },
  },
  {
    error: new ConfigNotFoundError({ path: '/nowhere' }),
    name: 'ConfigNotFoundError',
    code: ErrorCodes.CONFIG_NOT_FOUND,
    details: { path: '/nowhere' },
  },
  {
    error: new ACLRuleError('rules[0].effect is bad', { field: 'rules[0].effect' }),
    name: 'ACLRuleError',
    code: ErrorCodes.ACL_RULE_ERROR,
    details: { field: 'rules[0].effect' },
  },
];

describe('module errors', () => {
  it.each(cases)(
    '$name carries its code, details, name and a timestamp',
    ({ error, code, details, name }) => {
      expect(error).toBeInstanceOf(Error);
      expect(error).toBeInstanceOf(ModuleError);
      expect(error.code).toBe(code);
      expect(error.details).toEqual(details);
      expect(error.name).toBe(name);
      expect(error.message.length).toBeGreaterThan(0);
      expect(Number.isNaN(Date.parse(error.timestamp))).toBe(false);
      expect(ModuleError.isInstance(error)).toBe(true);
    },
  );

  it('says what happened in the message', () => {
    expect(new ModuleNotFoundError({ moduleId: 'x.y' }).message).toBe('Module not found: x.y');
    expect(new ModuleTimeoutError({ moduleId: 'x', timeoutMs: 50 }).message).toBe(
      'Module x timed out after 50ms',
    );
    expect(new SchemaValidationError({ errors: [] }).message).toBe('Input validation failed');
    expect(new InvalidInputError().message).toBe('Invalid input');
  });

  it('keeps cause and traceId, and serialises to plain JSON', () => {
    const cause = new Error('disk full');
    const error = new ModuleTimeoutError({ moduleId: 'x', timeoutMs: 5, cause, traceId: 't-1' });
    expect(error.cause).toBe(cause);
    expect(error.traceId).toBe('t-1');
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      code: 'MODULE_TIMEOUT',
      message: 'Module x timed out after 5ms',
      details: { moduleId: 'x', timeoutMs: 5 },
      traceId: 't-1',
      timestamp: error.timestamp,
    });
  });

  it('has no own cause or traceId property when none was given', () => {
    const error = new ModuleNotFoundError({ moduleId: 'x' });
    expect(Object.hasOwn(error, 'cause')).toBe(false);
    expect(error.traceId).toBeUndefined();
  });

  it('recognises errors by the shared marker, even from another copy of the package', () => {
    const foreign = Object.assign(new Error('copy'), {
      [Symbol.for('apcore-mcp.module-error')]: true,
      code: 'MODULE_NOT_FOUND',
    });
    expect(ModuleError.isInstance(foreign)).toBe(true);
    expect(ModuleNotFoundError.isInstance(foreign)).toBe(true);
    expect(ModuleTimeoutError.isInstance(foreign)).toBe(false);
  });

  it('rejects look-alikes without the marker', () => {
    expect(ModuleError.isInstance({ code: 'MODULE_NOT_FOUND', message: 'x' })).toBe(false);
    expect(ModuleError.isInstance(new Error('plain'))).toBe(false);
    expect(ModuleError.isInstance(null)).toBe(false);
    expect(ModuleError.isInstance('MODULE_NOT_FOUND')).toBe(false);
  });

  it('narrows each subclass by its code', () => {
    for (const { error } of cases) {
      const ownClass = error.constructor as typeof ModuleError;
      expect(ownClass.isInstance(error)).toBe(true);
      const others = cases.filter((other) => other.error.code !== error.code);
      for (const other of others) {
        expect((other.error.constructor as typeof ModuleError).isInstance(error)).toBe(false);
      }
    }
  });

  it('lets applications define their own codes on the base class', () => {
    const error = new ModuleError({
      code: 'QUOTA_EXCEEDED',
      message: 'quota',
      details: { quota: 3 },
    });
    expect(error).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      details: { quota: 3 },
      name: 'ModuleError',
    });
    expect(new ModuleError({ code: 'X', message: 'y' }).details).toEqual({});
  });
});
