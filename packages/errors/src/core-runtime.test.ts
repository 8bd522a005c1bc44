import { defineModule, InvalidInputError, type ModuleContext, ModuleError } from '@apcore-mcp/core';
import { ACL, Executor, type ExecutorOptions, Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { ErrorMapper } from './error-mapper.js';
import { ERROR_CODE_META_KEY, type ToolErrorResult } from './tool-error-result.js';

/** A module that calls `next` through its context: chains for the depth and cycle limits. */
function createCaller(next: string) {
  return defineModule({
    description: `calls ${next}`,
    inputSchema: {},
    execute: (inputs, context: ModuleContext) => context.executor.call(next, inputs, context),
  });
}

function createExecutor(options: ExecutorOptions = {}): Executor {
  const registry = new Registry();
  registry.register(
    'image.resize',
    defineModule({
      description: 'Resize an image',
      inputSchema: {
        type: 'object',
        properties: { width: { type: 'integer' }, height: { type: 'integer' } },
        required: ['width', 'height'],
      },
      execute: ({ width, height }) => ({ width, height }),
    }),
  );
  registry.register(
    'slow.module',
    defineModule({
      description: 'Never finishes in time',
      inputSchema: {},
      timeoutMs: 10,
      execute: (_inputs, context) =>
        new Promise((resolve) => context.signal?.addEventListener('abort', () => resolve({}))),
    }),
  );
  registry.register(
    'disk.write',
    defineModule({
      description: 'Fails unexpectedly',
      inputSchema: {},
      execute: () => {
        throw new RangeError('disk full writing /var/lib/app/store.db');
      },
    }),
  );
  registry.register(
    'quota.check',
    defineModule({
      description: 'Raises a module error of its own',
      inputSchema: {},
      execute: () => {
        throw new ModuleError({ code: 'QUOTA_EXCEEDED', message: 'user 42 used 100/100 calls' });
      },
    }),
  );
  registry.register(
    'input.check',
    defineModule({
      description: 'Rejects its input',
      inputSchema: {},
      execute: () => {
        throw new InvalidInputError('module_id must be a non-empty string');
      },
    }),
  );
  registry.register(
    'files.delete',
    defineModule({
      description: 'Needs approval',
      inputSchema: {},
      annotations: { requiresApproval: true },
      execute: () => ({ deleted: true }),
    }),
  );
  registry.register('loop.a', createCaller('loop.b'));
  registry.register('loop.b', createCaller('loop.a'));
  registry.register('self.loop', createCaller('self.loop'));
  for (let index = 0; index < 40; index += 1)
    registry.register(`deep.m${index}`, createCaller(`deep.m${index + 1}`));
  return new Executor(registry, options);
}

async function mapFailure(
  call: Promise<unknown>,
  mapper: ErrorMapper = new ErrorMapper(),
): Promise<ToolErrorResult> {
  const caught = await call.then(
    () => expect.unreachable('the call should fail'),
    (error: unknown) => error,
  );
  const result = mapper.toMcpError(caught);
  expect(result.isError).toBe(true);
  expect(JSON.stringify(result)).not.toMatch(/\/var\/lib|at .+\(|[A-Z]\w*Error\b/);
  return result;
}

describe('errors of the real @apcore-mcp/core Executor', () => {
  it('FR-ERROR-001: module not found', async () => {
    const result = await mapFailure(createExecutor().call('foo.bar', {}));
    expect(result.content[0]).toEqual({ type: 'text', text: 'Module not found: foo.bar' });
    expect(result._meta).toMatchObject({ [ERROR_CODE_META_KEY]: 'MODULE_NOT_FOUND' });
  });

  it('FR-ERROR-002: schema validation, one line per field', async () => {
    const result = await mapFailure(
      createExecutor().call('image.resize', { width: 'not_a_number' }),
    );
    const text = result.content[0]?.text ?? '';
    expect(text.split('\n')[0]).toBe('Input validation failed:');
    expect(text).toMatch(/^- width: .+ \(.+\)$/m);
    expect(text).toMatch(/^- height: .+ \(.+\)$/m);
    expect(result._meta).toMatchObject({ [ERROR_CODE_META_KEY]: 'SCHEMA_VALIDATION_ERROR' });
  });

  it('FR-ERROR-003: access denied without the caller', async () => {
    const acl = ACL.fromObject({
      rules: [{ callers: ['@external'], targets: ['public.*'], effect: 'allow' }],
    });
    const result = await mapFailure(
      createExecutor({ acl }).call('image.resize', { width: 1, height: 1 }),
    );
    expect(result.content[0]?.text).toBe('Access denied');
    expect(JSON.stringify(result)).not.toContain('@external');
  });

  it('FR-ERROR-004: timeout with its milliseconds', async () => {
    const result = await mapFailure(createExecutor().call('slow.module', {}));
    expect(result.content[0]?.text).toBe('Module timed out after 10ms');
  });

  it('FR-ERROR-005: invalid input keeps its message', async () => {
    const result = await mapFailure(createExecutor().call('input.check', {}));
    expect(result.content[0]?.text).toBe('Invalid input: module_id must be a non-empty string');
  });

  it('FR-ERROR-006: call depth', async () => {
    const result = await mapFailure(createExecutor().call('deep.m0', {}));
    expect(result.content[0]?.text).toBe('Call depth limit exceeded');
  });

  it('FR-ERROR-007: a cycle, without the chain', async () => {
    const result = await mapFailure(createExecutor().call('loop.a', {}));
    expect(result.content[0]?.text).toBe('Circular call detected');
    expect(JSON.stringify(result)).not.toContain('loop.');
  });

  it('FR-ERROR-008: too many repeats, without the chain', async () => {
    const result = await mapFailure(createExecutor().call('self.loop', {}));
    expect(result.content[0]?.text).toBe('Call frequency limit exceeded');
    expect(JSON.stringify(result)).not.toContain('self.loop');
  });

  it('approval denied, without the reason', async () => {
    const executor = createExecutor({
      approvalHandler: { requestApproval: () => ({ status: 'rejected', reason: 'alice said no' }) },
    });
    const result = await mapFailure(executor.call('files.delete', {}));
    expect(result.content[0]?.text).toBe('Approval denied');
  });

  it('FR-ERROR-009: an unexpected error, logged with its stack', async () => {
    const logger = createRecordingLogger();
    const result = await mapFailure(
      createExecutor().call('disk.write', {}),
      new ErrorMapper({ logger }),
    );
    expect(result.content[0]?.text).toBe('Internal error occurred');
    const logged = logger.entries.find((entry) => entry.level === 'error');
    const err = (logged?.object as { err?: unknown } | undefined)?.err;
    expect(err).toBeInstanceOf(Error);
    expect(String((err as Error).stack)).toContain('disk full');
  });

  it('FR-ERROR-010: a module error of its own code', async () => {
    const result = await mapFailure(createExecutor().call('quota.check', {}));
    expect(result.content[0]?.text).toBe('Module error: QUOTA_EXCEEDED');
    expect(JSON.stringify(result)).not.toContain('user 42');
  });
});
