import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { ErrorMapper } from './error-mapper.js';
import { INTERNAL_ERROR_MESSAGE, type ToolErrorResult } from './tool-error-result.js';

/** What must never reach a client: paths, stack frames, class names, caller ids. */
const LEAK_PATTERNS = [
  /\/(?:home|etc|var|srv|usr)\//,
  /\bat \S+ \(/,
  /\.ts:\d+/,
  /\b[A-Z]\w*Error\b/,
  /caller-7/,
];

function expectSanitized(result: ToolErrorResult): void {
  const serialized = JSON.stringify(result);
  for (const pattern of LEAK_PATTERNS) {
    expect(serialized).not.toMatch(pattern);
  }
  expect(result.isError).toBe(true);
  // The message, then the AI guidance appendix.
  expect(result.content).toHaveLength(2);
}

function throwingGetter(): never {
  throw new Error('getter exploded at /home/user/app/secret.ts:12');
}

const revoked = Proxy.revocable({}, {});
revoked.revoke();

const hostile: Array<[string, unknown]> = [
  [
    'an error whose message holds a path and a stack',
    new Error('open /home/user/.ssh/id_rsa failed'),
  ],
  ['a class-named custom error', new (class DatabaseConnectionError extends Error {})('db down')],
  ['a throwing code getter', Object.defineProperty({}, 'code', { get: throwingGetter })],
  [
    'a throwing message getter',
    Object.defineProperty({ code: 'ACL_DENIED' }, 'message', { get: throwingGetter }),
  ],
  [
    'a throwing details getter',
    Object.defineProperty({ code: 'MODULE_NOT_FOUND', message: 'x' }, 'details', {
      get: throwingGetter,
    }),
  ],
  [
    'details whose errors getter throws',
    {
      code: 'SCHEMA_VALIDATION_ERROR',
      message: 'x',
      details: Object.defineProperty({}, 'errors', { get: throwingGetter }),
    },
  ],
  [
    'an errors list holding a revoked proxy',
    { code: 'SCHEMA_VALIDATION_ERROR', message: 'x', details: { errors: [revoked.proxy] } },
  ],
  [
    'errors as a revoked proxy',
    { code: 'SCHEMA_VALIDATION_ERROR', message: 'x', details: { errors: revoked.proxy } },
  ],
  ['a revoked proxy', revoked.proxy],
  [
    'a frozen object',
    Object.freeze({ code: 'ACL_DENIED', message: 'x', details: { callerId: 'caller-7' } }),
  ],
  ['a code holding a path', { code: '/etc/passwd', message: 'x' }],
  ['an absurdly long code', { code: 'A'.repeat(10_000), message: 'x' }],
  ['a symbol', Symbol('boom')],
  ['a function', () => 'x'],
  ['an object with a null prototype', Object.assign(Object.create(null), { message: 'x' })],
  ['a bigint', 10n],
];

describe('hostile inputs', () => {
  it.each(hostile)('survives %s with a sanitized result', (_label, error) => {
    const logger = createRecordingLogger();
    const result = new ErrorMapper({ logger }).toMcpError(error);
    expectSanitized(result);
  });

  it('does not echo a code that is not apcore-shaped', () => {
    const mapper = new ErrorMapper();
    expect(mapper.toMcpError({ code: '/etc/passwd', message: 'x' }).content[0]?.text).toBe(
      INTERNAL_ERROR_MESSAGE,
    );
    expect(mapper.toMcpError({ code: 'A'.repeat(10_000), message: 'x' }).content[0]?.text).toBe(
      INTERNAL_ERROR_MESSAGE,
    );
  });

  it('still answers when the logger itself throws', () => {
    const explode = (): never => {
      throw new Error('logger down');
    };
    const mapper = new ErrorMapper({
      logger: { debug: explode, info: explode, warn: explode, error: explode },
    });
    expect(mapper.toMcpError(new Error('x')).content[0]?.text).toBe(INTERNAL_ERROR_MESSAGE);
    expect(mapper.toMcpError({ code: 'ACL_DENIED', message: 'x', cause: 1 }).content[0]?.text).toBe(
      'Access denied',
    );
  });

  it('keeps a validation message from forging extra lines', () => {
    const mapper = new ErrorMapper();
    const text = mapper.toMcpError({
      code: 'SCHEMA_VALIDATION_ERROR',
      message: 'x',
      details: { errors: [{ field: 'a', message: 'bad\n- admin: granted', code: 'x' }] },
    }).content[0]?.text;
    expect(text).toBe('Input validation failed:\n- a: bad - admin: granted (x)');
  });

  it('never mutates the error it maps', () => {
    const details = Object.freeze({
      errors: Object.freeze([Object.freeze({ path: '/a', message: 'm' })]),
    });
    const error = Object.freeze({ code: 'SCHEMA_VALIDATION_ERROR', message: 'x', details });
    expect(new ErrorMapper().toMcpError(error).content[0]?.text).toBe(
      'Input validation failed:\n- a: m',
    );
  });
});
