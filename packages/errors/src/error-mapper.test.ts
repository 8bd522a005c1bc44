import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { ErrorMapper } from './error-mapper.js';
import { ERROR_CODE_META_KEY, INTERNAL_ERROR_MESSAGE } from './tool-error-result.js';

/** An apcore-shaped error, as both runtimes raise them: an Error with code, message, details. */
function moduleError(code: string, message: string, details: Record<string, unknown> = {}) {
  return Object.assign(new Error(message), { code, details });
}

const mapper = new ErrorMapper();
/** The AI guidance appendix after the message (see ai-guidance.test.ts). */
const GUIDANCE = { type: 'text', text: expect.stringContaining('"retryable":false') };

function textOf(error: unknown, errorMapper: ErrorMapper = mapper): string {
  const result = errorMapper.toMcpError(error);
  expect(result.content).toHaveLength(2); // the message, then the AI guidance appendix
  expect(result.content[0]?.type).toBe('text');
  return result.content[0]?.text ?? '';
}

describe('FR-ERROR-001 module not found', () => {
  it('names the module id from details.moduleId', () => {
    const error = moduleError('MODULE_NOT_FOUND', 'Module not found: image.resize', {
      moduleId: 'image.resize',
    });
    expect(mapper.toMcpError(error)).toEqual({
      content: [{ type: 'text', text: 'Module not found: image.resize' }, GUIDANCE],
      isError: true,
      _meta: expect.objectContaining({ [ERROR_CODE_META_KEY]: 'MODULE_NOT_FOUND' }),
    });
  });

  it('keeps the dots of a nested id and accepts the snake_case detail key', () => {
    const error = moduleError('MODULE_NOT_FOUND', 'x', { module_id: 'comfyui.workflow.execute' });
    expect(textOf(error)).toBe('Module not found: comfyui.workflow.execute');
  });

  it('prints an empty id as empty', () => {
    expect(textOf(moduleError('MODULE_NOT_FOUND', 'x', { moduleId: '' }))).toBe(
      'Module not found: ',
    );
  });

  it('falls back to a bare text when the id is missing or not a string', () => {
    expect(textOf(moduleError('MODULE_NOT_FOUND', 'x', {}))).toBe('Module not found');
    expect(textOf(moduleError('MODULE_NOT_FOUND', 'x', { moduleId: 42 }))).toBe('Module not found');
    expect(textOf({ code: 'MODULE_NOT_FOUND', message: 'x' })).toBe('Module not found');
  });
});

describe('FR-ERROR-002 schema validation', () => {
  it('formats the seed example (field, code, message)', () => {
    const error = moduleError('SCHEMA_VALIDATION_ERROR', 'Input validation failed', {
      errors: [{ field: 'width', code: 'int_type', message: 'Input should be a valid integer' }],
    });
    expect(textOf(error)).toBe(
      'Input validation failed:\n- width: Input should be a valid integer (int_type)',
    );
    expect(mapper.toMcpError(error)._meta).toMatchObject({
      [ERROR_CODE_META_KEY]: 'SCHEMA_VALIDATION_ERROR',
    });
  });

  it('prints one line per field, keeping dotted paths', () => {
    const error = moduleError('SCHEMA_VALIDATION_ERROR', 'Input validation failed', {
      errors: [
        { field: 'parameters.width', code: 'int_type', message: 'Input should be a valid integer' },
        { field: 'height', code: 'missing', message: 'Field required' },
      ],
    });
    expect(textOf(error)).toBe(
      'Input validation failed:\n' +
        '- parameters.width: Input should be a valid integer (int_type)\n' +
        '- height: Field required (missing)',
    );
  });

  it("maps apcore-js's { path, constraint } detail shape", () => {
    const error = moduleError('SCHEMA_VALIDATION_ERROR', 'Schema validation failed', {
      errors: [
        { path: '/address/zip', message: 'must be string', constraint: 'type', expected: 'string' },
      ],
    });
    expect(textOf(error)).toBe('Input validation failed:\n- address.zip: must be string (type)');
  });

  it('prints the bare header for an empty list, no list or no details', () => {
    expect(textOf(moduleError('SCHEMA_VALIDATION_ERROR', 'x', { errors: [] }))).toBe(
      'Input validation failed',
    );
    expect(textOf(moduleError('SCHEMA_VALIDATION_ERROR', 'x', {}))).toBe('Input validation failed');
    expect(textOf({ code: 'SCHEMA_VALIDATION_ERROR', message: 'x', details: null })).toBe(
      'Input validation failed',
    );
    expect(textOf({ code: 'SCHEMA_VALIDATION_ERROR', message: 'x', details: 'junk' })).toBe(
      'Input validation failed',
    );
  });

  it('skips junk entries and keeps the good ones', () => {
    const error = moduleError('SCHEMA_VALIDATION_ERROR', 'x', {
      errors: [null, 7, 'text', [], { field: 'a' }, { field: 'b', message: 'bad', code: 'c' }],
    });
    expect(textOf(error)).toBe('Input validation failed:\n- b: bad (c)');
  });
});

describe('FR-ERROR-003 access denied', () => {
  it('says only "Access denied", never the caller or target', () => {
    const error = moduleError('ACL_DENIED', 'Access denied: mcp_client_123 -> admin.delete_all', {
      callerId: 'mcp_client_123',
      targetId: 'admin.delete_all',
    });
    const result = mapper.toMcpError(error);
    expect(result.content[0]?.text).toBe('Access denied');
    expect(JSON.stringify(result)).not.toContain('mcp_client_123');
    expect(JSON.stringify(result)).not.toContain('admin.delete_all');
  });

  it('is the same with a null caller', () => {
    expect(textOf(moduleError('ACL_DENIED', 'x', { callerId: null }))).toBe('Access denied');
  });
});

describe('FR-ERROR-004 timeout', () => {
  it.each([
    [30000, 'Module timed out after 30000ms'],
    [0, 'Module timed out after 0ms'],
    [60000, 'Module timed out after 60000ms'],
  ])('prints %i ms', (timeoutMs, text) => {
    expect(textOf(moduleError('MODULE_TIMEOUT', 'x', { moduleId: 'slow.module', timeoutMs }))).toBe(
      text,
    );
  });

  it('accepts timeout_ms and falls back when the value is unusable', () => {
    expect(textOf(moduleError('MODULE_TIMEOUT', 'x', { timeout_ms: 5 }))).toBe(
      'Module timed out after 5ms',
    );
    expect(textOf(moduleError('MODULE_TIMEOUT', 'x', { timeoutMs: '5; rm -rf' }))).toBe(
      'Module timed out',
    );
    expect(textOf(moduleError('MODULE_TIMEOUT', 'x', { timeoutMs: Number.NaN }))).toBe(
      'Module timed out',
    );
  });
});

describe('FR-ERROR-005 invalid input', () => {
  it('keeps the message', () => {
    const error = moduleError('GENERAL_INVALID_INPUT', 'module_id must be a non-empty string');
    expect(textOf(error)).toBe('Invalid input: module_id must be a non-empty string');
  });
});

describe('FR-ERROR-006..008 safety limits', () => {
  it.each([
    [
      'CALL_DEPTH_EXCEEDED',
      'Call depth limit exceeded',
      { depth: 33, maxDepth: 32, callChain: ['a.b'] },
    ],
    [
      'CIRCULAR_CALL',
      'Circular call detected',
      { moduleId: 'a.module', callChain: ['a.module', 'b.module'] },
    ],
    [
      'CALL_FREQUENCY_EXCEEDED',
      'Call frequency limit exceeded',
      { moduleId: 'spammy.module', count: 4 },
    ],
  ])('%s has a fixed text without the call chain', (code, text, details) => {
    const result = mapper.toMcpError(moduleError(code, 'chain a.b -> b.module', details));
    expect(result.content[0]?.text).toBe(text);
    expect(result._meta).toMatchObject({ [ERROR_CODE_META_KEY]: code });
    expect(JSON.stringify(result)).not.toMatch(/module|a\.b/);
  });
});

describe('approval denied', () => {
  it('says "Approval denied" without the reason or approver', () => {
    const error = moduleError('APPROVAL_DENIED', 'denied by alice@example.com', {
      moduleId: 'db.drop',
      reason: 'alice@example.com said no',
    });
    const result = mapper.toMcpError(error);
    expect(result.content[0]?.text).toBe('Approval denied');
    expect(JSON.stringify(result)).not.toContain('alice');
  });
});

describe('FR-ERROR-009 unexpected failures', () => {
  it.each([
    ['an Error', new Error('disk full')],
    ['a TypeError', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['a thrown string', 'boom'],
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['an object without code', { message: 'no code' }],
    ['a code that is not a string', { code: 500, message: 'x' }],
    ['a lowercase code', { code: 'not_apcore', message: 'x' }],
  ])('maps %s to "Internal error occurred"', (_label, error) => {
    expect(mapper.toMcpError(error)).toEqual({
      content: [{ type: 'text', text: INTERNAL_ERROR_MESSAGE }, GUIDANCE],
      isError: true,
      _meta: expect.objectContaining({ [ERROR_CODE_META_KEY]: 'INTERNAL_ERROR' }),
    });
  });

  it('logs the full error, stack included, at error level', () => {
    const logger = createRecordingLogger();
    const error = new Error('disk full at /var/lib/secret');
    textOf(error, new ErrorMapper({ logger }));
    const logged = logger.entries.filter((entry) => entry.level === 'error');
    expect(logged).toHaveLength(1);
    expect(logged[0]?.object).toEqual({ err: error });
    expect(error.stack).toContain('disk full');
  });

  it('treats Node system errors as unexpected, even with a string code', () => {
    const enoent = Object.assign(
      new Error("ENOENT: no such file or directory, open '/etc/app/key.pem'"),
      {
        code: 'ENOENT',
        errno: -2,
        syscall: 'open',
        path: '/etc/app/key.pem',
      },
    );
    const nodeInternal = Object.assign(
      new TypeError('The "path" argument must be of type string'),
      {
        code: 'ERR_INVALID_ARG_TYPE',
      },
    );
    const refused = { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 10.0.0.7:5432' };
    for (const error of [enoent, nodeInternal, refused]) {
      expect(textOf(error)).toBe(INTERNAL_ERROR_MESSAGE);
    }
  });
});

describe('FR-ERROR-010 other module errors', () => {
  it('prints the code only', () => {
    const error = moduleError('CONFIG_NOT_FOUND', 'Config not found at /etc/apcore.yaml', {
      path: '/etc/apcore.yaml',
    });
    const result = mapper.toMcpError(error);
    expect(result.content[0]?.text).toBe('Module error: CONFIG_NOT_FOUND');
    expect(result._meta).toMatchObject({ [ERROR_CODE_META_KEY]: 'CONFIG_NOT_FOUND' });
  });

  it('maps future codes of foreign runtimes the same way', () => {
    expect(textOf({ code: 'SOMETHING_NEW', message: 'x', details: {} })).toBe(
      'Module error: SOMETHING_NEW',
    );
  });

  it('logs the cause of a wrapped failure on the server, not in the result', () => {
    const logger = createRecordingLogger();
    const cause = new Error('socket hang up at /srv/app/db.js:12');
    const error = Object.assign(moduleError('MODULE_EXECUTE_ERROR', 'failed'), { cause });
    const result = new ErrorMapper({ logger }).toMcpError(error);
    expect(result.content[0]?.text).toBe('Module error: MODULE_EXECUTE_ERROR');
    expect(logger.entries).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        object: { code: 'MODULE_EXECUTE_ERROR', err: cause },
      }),
    );
  });
});

describe('FR-ERROR-011 every result is an error', () => {
  it('sets isError: true for every mapped value', () => {
    const samples: unknown[] = [
      moduleError('MODULE_NOT_FOUND', 'x', { moduleId: 'a' }),
      moduleError('SCHEMA_VALIDATION_ERROR', 'x', { errors: [] }),
      moduleError('ACL_DENIED', 'x'),
      moduleError('MODULE_TIMEOUT', 'x', { timeoutMs: 1 }),
      moduleError('GENERAL_INVALID_INPUT', 'x'),
      moduleError('CALL_DEPTH_EXCEEDED', 'x'),
      moduleError('CIRCULAR_CALL', 'x'),
      moduleError('CALL_FREQUENCY_EXCEEDED', 'x'),
      moduleError('APPROVAL_DENIED', 'x'),
      moduleError('OTHER_CODE', 'x'),
      new Error('x'),
      'x',
      null,
    ];
    for (const sample of samples) {
      expect(mapper.toMcpError(sample).isError).toBe(true);
    }
  });
});
