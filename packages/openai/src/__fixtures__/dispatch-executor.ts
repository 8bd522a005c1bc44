import type { ExecutorLike } from '@apcore-mcp/core/bridge';
import type { ChatToolCall } from '../types.js';
import { createDescriptor } from './descriptor.js';
import { createStaticRegistry } from './static-registry.js';

/** One call the executor of {@link createExecutor} received. */
export interface Recorded {
  moduleId: string;
  inputs: Record<string, unknown>;
  context: unknown;
  argumentCount: number;
}

/**
 * An executor shaped like apcore-js's, whose modules are plain functions: the dispatch logic
 * under test only ever sees `call()`. (The real Executor is exercised in `core-runtime.test.ts`.)
 */
export function createExecutor(
  modules: Record<string, (inputs: Record<string, unknown>) => unknown>,
) {
  const calls: Recorded[] = [];
  const executor: ExecutorLike = {
    registry: createStaticRegistry(Object.keys(modules).map((id) => createDescriptor(id))),
    async call(moduleId, inputs, ...rest: unknown[]) {
      calls.push({ moduleId, inputs, context: rest[0], argumentCount: 2 + rest.length });
      const module = modules[moduleId];
      if (module === undefined) {
        throw Object.assign(new Error(`Module not found: ${moduleId}`), {
          code: 'MODULE_NOT_FOUND',
          details: { moduleId },
        });
      }
      return (await module(inputs)) as Record<string, unknown>;
    },
  };
  return { executor, calls };
}

/** A Chat Completions function tool call. */
export function chatCall(id: string, name: string, args: string): ChatToolCall {
  return { id, type: 'function', function: { name, arguments: args } };
}

/** Modules that answer, deny access, fail validation and fail with a path in the message. */
export const modules = {
  'math.add': ({ a, b }: Record<string, unknown>) => ({ sum: Number(a) + Number(b) }),
  'admin.purge': () => {
    throw Object.assign(new Error('caller agent-7 may not call admin.purge'), {
      code: 'ACL_DENIED',
      details: { callerId: 'agent-7', targetId: 'admin.purge' },
    });
  },
  'image.resize': () => {
    throw Object.assign(new Error('Input validation failed'), {
      code: 'SCHEMA_VALIDATION_ERROR',
      details: { errors: [{ path: '/width', message: 'must be integer', constraint: 'type' }] },
    });
  },
  'disk.write': () => {
    throw new Error('EACCES: permission denied, open /var/lib/app/data.db');
  },
};
