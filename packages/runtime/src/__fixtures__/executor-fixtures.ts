import { defineModule } from '@apcore-mcp/core';
import type { ModuleLike } from '@apcore-mcp/core/bridge';
import { expect } from 'vitest';
import { Executor } from '../executor.js';
import type { ExecutorOptions } from '../executor-options.js';
import { Registry } from '../registry.js';

/** An executor over a registry of `modules`. */
export function createExecutor(
  modules: Record<string, ModuleLike>,
  options: ExecutorOptions = {},
): Executor {
  const registry = new Registry();
  for (const [moduleId, module] of Object.entries(modules)) registry.register(moduleId, module);
  return new Executor(registry, options);
}

/** A module answering its inputs. */
export const echo = defineModule({
  description: 'Echo',
  inputSchema: { type: 'object' },
  execute: (inputs) => ({ ...inputs }),
});

/** What `promise` rejects with; fails the test when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  const error = await promise.then(
    () => expect.unreachable('the call should fail'),
    (caught: unknown) => caught,
  );
  return error as Record<string, unknown>;
}
