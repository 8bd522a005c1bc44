import { ApprovalDeniedError, defineModule } from '@apcore-mcp/core';
import {
  type ApprovalHandler,
  MCP_CLIENT_CHANNEL_KEY,
  supportsContextApproval,
} from '@apcore-mcp/core/bridge';
import { describe, expect, it, vi } from 'vitest';
import { ACL } from './acl.js';
import { Executor } from './executor.js';
import { Registry } from './registry.js';

const dangerous = defineModule({
  description: 'Deletes things',
  inputSchema: { type: 'object' },
  annotations: { requiresApproval: true },
  execute: () => ({ deleted: true }),
});

function createExecutor(options: ConstructorParameters<typeof Executor>[1] = {}): Executor {
  const registry = new Registry();
  registry.register('files.delete', dangerous);
  registry.register(
    'files.cleanup',
    defineModule({
      description: 'Calls files.delete',
      inputSchema: { type: 'object' },
      execute: (_inputs, context) => context.executor.call('files.delete', {}, context),
    }),
  );
  return new Executor(registry, options);
}

function approving(status: 'approved' | 'rejected'): ApprovalHandler & {
  requestApproval: ReturnType<typeof vi.fn>;
} {
  return { requestApproval: vi.fn(async () => ({ status, reason: 'said so' })) };
}

describe('the approval handler a context carries', () => {
  it('is asked before a module that requires approval, and nested calls too', async () => {
    const executor = createExecutor();
    const handler = approving('approved');
    const context = executor.createContext({
      moduleId: 'files.cleanup',
      data: { [MCP_CLIENT_CHANNEL_KEY]: { approval: handler } },
    });
    expect(await executor.call('files.cleanup', {}, context)).toEqual({ deleted: true });
    // files.cleanup needs no approval; the nested files.delete does.
    expect(handler.requestApproval).toHaveBeenCalledTimes(1);
    expect(handler.requestApproval).toHaveBeenCalledWith(
      expect.objectContaining({ moduleId: 'files.delete', inputs: {} }),
    );
  });

  it('is not asked about a call whose inputs fail validation: nobody approves a call that cannot run', async () => {
    const registry = new Registry();
    registry.register(
      'orders.refund',
      defineModule({
        description: 'Refunds an order',
        inputSchema: {
          type: 'object',
          properties: { orderId: { type: 'string' } },
          required: ['orderId'],
        },
        annotations: { requiresApproval: true },
        execute: () => ({ refunded: true }),
      }),
    );
    const optionHandler = approving('approved');
    const executor = new Executor(registry, { approvalHandler: optionHandler });
    const handler = approving('approved');
    const context = executor.createContext({
      moduleId: 'orders.refund',
      data: { [MCP_CLIENT_CHANNEL_KEY]: { approval: handler } },
    });
    await expect(executor.call('orders.refund', { orderId: 7 }, context)).rejects.toMatchObject({
      code: 'SCHEMA_VALIDATION_ERROR',
    });
    expect(handler.requestApproval).not.toHaveBeenCalled();
    expect(optionHandler.requestApproval).not.toHaveBeenCalled();
    expect(await executor.call('orders.refund', { orderId: 'A-7' }, context)).toEqual({
      refunded: true,
    });
    expect(handler.requestApproval).toHaveBeenCalledTimes(1);
  });

  it('reads a non-boolean requiresApproval as not given: "false" asks nobody, as the MCP tool says', async () => {
    const registry = new Registry();
    // A plain module object: defineModule is not there to clean up its annotations.
    registry.register('notes.archive', {
      description: 'Archives notes',
      inputSchema: { type: 'object' },
      annotations: { requiresApproval: 'false' },
      execute: () => ({ archived: true }),
    });
    const handler = approving('rejected');
    const executor = new Executor(registry, { approvalHandler: handler });
    expect(await executor.call('notes.archive', {})).toEqual({ archived: true });
    expect(handler.requestApproval).not.toHaveBeenCalled();
    expect(registry.getDefinition('notes.archive')?.annotations?.requiresApproval).toBe(false);
  });

  it('denies with ApprovalDeniedError when it rejects; the module does not run', async () => {
    const execute = vi.fn(() => ({}));
    const registry = new Registry();
    registry.register('files.delete', { ...dangerous, execute });
    const executor = new Executor(registry);
    const context = executor.createContext({
      moduleId: 'files.delete',
      data: { [MCP_CLIENT_CHANNEL_KEY]: { approval: approving('rejected') } },
    });
    const error = await executor.call('files.delete', {}, context).catch((caught) => caught);
    expect(ApprovalDeniedError.isInstance(error)).toBe(true);
    expect(error.details).toEqual({ moduleId: 'files.delete', reason: 'said so' });
    expect(execute).not.toHaveBeenCalled();
  });

  it('is asked after the ACL: a denied caller is never asked', async () => {
    const executor = createExecutor({
      acl: new ACL([{ callers: ['*'], targets: ['files.*'], effect: 'deny' }], 'allow'),
    });
    const handler = approving('approved');
    const context = executor.createContext({
      moduleId: 'files.delete',
      data: { [MCP_CLIENT_CHANNEL_KEY]: { approval: handler } },
    });
    await expect(executor.call('files.delete', {}, context)).rejects.toMatchObject({
      code: 'ACL_DENIED',
    });
    expect(handler.requestApproval).not.toHaveBeenCalled();
  });

  it("must agree with the executor's own handler: both are asked, either can deny", async () => {
    const own = approving('approved');
    const carried = approving('rejected');
    const executor = createExecutor({ approvalHandler: own });
    const context = executor.createContext({
      moduleId: 'files.delete',
      data: { [MCP_CLIENT_CHANNEL_KEY]: { approval: carried } },
    });
    await expect(executor.call('files.delete', {}, context)).rejects.toMatchObject({
      code: 'APPROVAL_DENIED',
    });
    expect(own.requestApproval).toHaveBeenCalledTimes(1);
    expect(carried.requestApproval).toHaveBeenCalledTimes(1);
  });

  it('applies to stream() as well', async () => {
    const executor = createExecutor();
    const context = executor.createContext({
      moduleId: 'files.delete',
      data: { [MCP_CLIENT_CHANNEL_KEY]: { approval: approving('rejected') } },
    });
    const consume = async () => {
      for await (const _chunk of executor.stream('files.delete', {}, context)) {
        // never reached
      }
    };
    await expect(consume()).rejects.toMatchObject({ code: 'APPROVAL_DENIED' });
  });

  it('ignores a data value that is not a handler', async () => {
    const executor = createExecutor();
    const context = executor.createContext({
      moduleId: 'files.delete',
      data: { [MCP_CLIENT_CHANNEL_KEY]: { approval: 'yes please' } },
    });
    expect(await executor.call('files.delete', {}, context)).toEqual({ deleted: true });
  });
});

describe('supportsContextApproval', () => {
  it('recognises this runtime’s executor by its marker, and nothing else', () => {
    expect(supportsContextApproval(createExecutor())).toBe(true);
    expect(supportsContextApproval({ call: async () => ({}) })).toBe(false);
    expect(supportsContextApproval(null)).toBe(false);
    expect(supportsContextApproval({ [Symbol.for('apcore-mcp.context-approval')]: true })).toBe(
      true,
    );
  });
});
