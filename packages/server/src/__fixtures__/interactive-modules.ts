import { defineModule, elicit, reportProgress } from '@apcore-mcp/core';
import { Executor, type ExecutorOptions, Registry } from '@apcore-mcp/runtime';

/** What the modules of {@link createInteractiveRuntime} let a test observe. */
export interface InteractiveProbe {
  /** Ids of the modules that actually ran, in order. */
  ran: string[];
  /** Resolves once `report.endless`'s generator has finished (its `finally` ran). */
  endlessFinished: Promise<void>;
  /** Whether `report.endless` got past its second yield (it must not, once cancelled). */
  endlessResumed: boolean;
  /** Whether a streaming module found a progress sender in its context. */
  streamSawProgressSender: boolean | undefined;
  /** How many times `form.two_step` started (each 2026-07-28 round runs it again). */
  twoStepRuns: number;
}

const reportSchema = {
  type: 'object',
  properties: {
    summary: { type: 'object' },
    pages: { type: 'array', items: { type: 'integer' } },
    status: { type: 'string' },
  },
};

/**
 * A registry with streaming, progress-reporting, eliciting and approval-requiring modules, and
 * a core executor over it.
 */
export function createInteractiveRuntime(options: ExecutorOptions = {}) {
  const probe = {
    ran: [],
    endlessResumed: false,
    streamSawProgressSender: undefined,
    twoStepRuns: 0,
  } as Omit<InteractiveProbe, 'endlessFinished'> as InteractiveProbe;
  let finished: () => void = () => {};
  probe.endlessFinished = new Promise<void>((resolve) => {
    finished = resolve;
  });
  const registry = new Registry();
  const chunks: Record<string, unknown>[] = [
    { summary: { rows: 10 }, pages: [1], status: 'running' },
    { summary: { errors: 0 }, pages: [1, 2] },
    { status: 'done' },
  ];
  registry.register(
    'report.build',
    defineModule({
      name: 'Build report',
      description: 'Builds a report page by page.',
      annotations: { readonly: true, streaming: true },
      inputSchema: { type: 'object', properties: {} },
      outputSchema: reportSchema,
      async *stream(_inputs, context) {
        probe.streamSawProgressSender = typeof context.data._mcp_progress === 'function';
        for (const chunk of chunks) yield chunk;
      },
      execute: (): Record<string, unknown> => ({
        summary: { rows: 10, errors: 0 },
        via: 'execute',
      }),
    }),
  );
  registry.register(
    'report.plain',
    defineModule({
      description: 'Claims to stream but only executes.',
      annotations: { streaming: true },
      inputSchema: { type: 'object', properties: {} },
      execute: () => ({ via: 'execute' }),
    }),
  );
  registry.register(
    'report.unflagged',
    defineModule({
      description: 'Can stream, but is not annotated streaming.',
      inputSchema: { type: 'object', properties: {} },
      async *stream() {
        yield { via: 'stream' };
      },
      execute: () => ({ via: 'execute' }),
    }),
  );
  registry.register(
    'report.only_stream',
    defineModule({
      description: 'Streams; has no execute.',
      annotations: { streaming: true },
      inputSchema: { type: 'object', properties: {} },
      async *stream() {
        yield { totals: { a: 1 } };
        yield { totals: { b: 2 } };
      },
    }),
  );
  registry.register(
    'report.empty',
    defineModule({
      description: 'Streams nothing at all.',
      annotations: { streaming: true },
      inputSchema: { type: 'object', properties: {} },
      outputSchema: reportSchema,
      async *stream() {},
    }),
  );
  registry.register(
    'report.broken',
    defineModule({
      description: 'Fails after its first chunk.',
      annotations: { streaming: true },
      inputSchema: { type: 'object', properties: {} },
      async *stream() {
        yield { page: 1 };
        throw new Error('disk full at /var/lib/reports');
      },
    }),
  );
  registry.register(
    'report.endless',
    defineModule({
      description: 'Streams one chunk, then waits to be cancelled.',
      annotations: { streaming: true },
      inputSchema: { type: 'object', properties: {} },
      async *stream(_inputs, context) {
        try {
          yield { page: 1 };
          // The cancellation may already have arrived while the first chunk was being sent.
          await new Promise((resolve) => {
            if (context.signal.aborted) resolve(undefined);
            else context.signal.addEventListener('abort', resolve, { once: true });
          });
          yield { page: 2 };
          probe.endlessResumed = true;
        } finally {
          finished();
        }
      },
    }),
  );
  registry.register(
    'job.progress',
    defineModule({
      description: 'Reports progress, some of it out of order.',
      inputSchema: { type: 'object', properties: {} },
      execute: async (_inputs, context) => {
        await reportProgress(context, 1, 5, 'started');
        await reportProgress(context, 2, 5);
        await reportProgress(context, 2, 5, 'again two');
        await reportProgress(context, 1.5, 5, 'backwards');
        await reportProgress(context, Number.NaN);
        await reportProgress(context, 5, 5, 'done');
        return { reported: true };
      },
    }),
  );
  registry.register(
    'form.ask',
    defineModule({
      description: 'Asks the user for a name.',
      inputSchema: { type: 'object', properties: {} },
      execute: async (_inputs, context) => ({
        answer: await elicit(context, 'What is your name?', {
          type: 'object',
          properties: { name: { type: 'string' } },
          required: ['name'],
        }),
      }),
    }),
  );
  registry.register(
    'form.two_step',
    defineModule({
      description: 'Asks for a folder, then for a confirmation; counts its runs.',
      inputSchema: { type: 'object', properties: {} },
      execute: async (_inputs, context) => {
        // Runs again on every 2026-07-28 round: only counting, no other side effect before asking.
        probe.twoStepRuns += 1;
        const folder = await elicit(context, 'Which folder?', {
          type: 'object',
          properties: { folder: { type: 'string' } },
          required: ['folder'],
        });
        const confirmed = await elicit(context, `Empty ${String(folder?.folder)}?`, {
          type: 'object',
          properties: { confirm: { type: 'boolean' } },
        });
        return { folder: folder?.folder ?? null, confirmed: confirmed?.confirm === true };
      },
    }),
  );
  registry.register(
    'files.delete',
    defineModule({
      description: 'Deletes a file.',
      annotations: { destructive: true, requiresApproval: true },
      inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
      execute: ({ path }) => {
        probe.ran.push('files.delete');
        return { deleted: path };
      },
    }),
  );
  registry.register(
    'files.cleanup',
    defineModule({
      description: 'Deletes temporary files (through files.delete).',
      inputSchema: { type: 'object', properties: {} },
      execute: async (_inputs, context) => {
        probe.ran.push('files.cleanup');
        return context.executor.call('files.delete', { path: '/tmp/a' }, context);
      },
    }),
  );
  registry.register(
    'files.archive',
    defineModule({
      description: 'Archives a file, then deletes it (through files.delete).',
      annotations: { requiresApproval: true },
      inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
      execute: async ({ path }, context) => {
        probe.ran.push('files.archive');
        return context.executor.call('files.delete', { path }, context);
      },
    }),
  );
  return { registry, executor: new Executor(registry, options), probe };
}
