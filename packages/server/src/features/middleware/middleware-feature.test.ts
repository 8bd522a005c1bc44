import { defineModule, elicit, ModuleError } from '@apcore-mcp/core';
import { Executor, Registry } from '@apcore-mcp/runtime';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ForeignExecutor, ForeignRegistry } from '../../__fixtures__/foreign-runtime.js';
import { connectInMemory, type InMemoryConnection } from '../../__fixtures__/in-memory.js';
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import { resolveOptions } from '../../options/resolve-options.js';

const entry = { transport: 'stdio', handleSignals: false, allowAnyPort: true } as const;
const busy = () =>
  new ModuleError({ code: 'UPSTREAM_BUSY', message: 'upstream busy', retryable: true });

/** An executor whose modules fail once with a retryable error, then answer their attempt. */
function createFlakyRuntime() {
  const attempts: Record<string, number> = {};
  const flaky = (annotations: Record<string, boolean>, ask = false) =>
    defineModule({
      description: 'Fails once, then answers',
      inputSchema: {},
      annotations,
      execute: async (_inputs, context) => {
        const id = context.callChain.at(-1) ?? '';
        attempts[id] = (attempts[id] ?? 0) + 1;
        if (ask) await elicit(context, 'Which colour?');
        if (attempts[id] === 1) throw busy();
        return { attempt: attempts[id] };
      },
    });
  const registry = new Registry();
  registry.register('flaky.read', flaky({ idempotent: true }));
  registry.register('flaky.write', flaky({}));
  registry.register('flaky.ask', flaky({ idempotent: true }, true));
  registry.register('flaky.approved', flaky({ idempotent: true, requiresApproval: true }));
  return { executor: new Executor(registry), attempts };
}

const retry = [{ type: 'retry', base_delay_ms: 0, jitter: false }] as const;

describe('the middleware option', () => {
  let connection: InMemoryConnection | undefined;
  afterEach(async () => {
    await connection?.close();
    connection = undefined;
  });

  it('refuses a bad entry before anything starts, naming its field', () => {
    const refuse = () =>
      resolveOptions(
        { middleware: [{ type: 'logging' }, { type: 'retry', max_retries: -1 }] },
        entry,
      );
    expect(refuse).toThrow(InvalidOptionError);
    expect(refuse).toThrow('middleware[1].max_retries: must be an integer of at least 0, got -1');
    expect(() => resolveOptions({ middleware: [{ type: 'retyr' }] as never }, entry)).toThrow(
      'middleware[0].type: unknown type "retyr" (did you mean \'retry\'?)',
    );
  });

  it('retries a flaky idempotent module, never a flaky one that is not', async () => {
    const { executor, attempts } = createFlakyRuntime();
    connection = await connectInMemory(executor, { middleware: retry });
    const read = await connection.client.callTool({ name: 'flaky-read', arguments: {} });
    expect(read.isError).toBeFalsy();
    expect(JSON.parse((read.content as [{ text: string }])[0].text)).toEqual({ attempt: 2 });
    const write = await connection.client.callTool({ name: 'flaky-write', arguments: {} });
    expect(write.isError).toBe(true);
    expect(attempts['flaky.write']).toBe(1);
  });

  it('never runs a call again once it asked the user something', async () => {
    const { executor, attempts } = createFlakyRuntime();
    connection = await connectInMemory(executor, { middleware: retry }, { elicitation: {} });
    connection.client.setRequestHandler(ElicitRequestSchema, () => ({
      action: 'accept',
      content: {},
    }));
    const result = await connection.client.callTool({ name: 'flaky-ask', arguments: {} });
    expect(result.isError).toBe(true);
    expect(attempts['flaky.ask']).toBe(1);
  });

  it('never runs a call again once the user was asked to approve it', async () => {
    const { executor, attempts } = createFlakyRuntime();
    connection = await connectInMemory(executor, { middleware: retry }, { elicitation: {} });
    const questions: string[] = [];
    connection.client.setRequestHandler(ElicitRequestSchema, (request) => {
      questions.push(request.params.message);
      return { action: 'accept', content: {} };
    });
    const result = await connection.client.callTool({ name: 'flaky-approved', arguments: {} });
    expect(result.isError).toBe(true);
    expect(questions).toHaveLength(1);
    expect(attempts['flaky.approved']).toBe(1);
  });

  it("installs middleware objects of the application after the executor's own, and takes them off at the end", async () => {
    const { executor } = createFlakyRuntime();
    const seen: string[] = [];
    const own = { name: 'own', before: (moduleId: string) => void seen.push(moduleId) };
    connection = await connectInMemory(executor, { middleware: [own] });
    expect(executor.middlewares).toEqual([own]);
    await connection.client.callTool({ name: 'flaky-read', arguments: {} });
    expect(seen).toEqual(['flaky.read']);
    await connection.close();
    connection = undefined;
    expect(executor.middlewares).toEqual([]);
  });

  it('refuses to start with an executor that cannot use middlewares', async () => {
    const foreign = new ForeignExecutor(new ForeignRegistry(), {});
    await expect(connectInMemory(foreign, { middleware: retry })).rejects.toThrow(
      'middleware needs an executor with use()',
    );
  });
});
