import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Asks two questions; the answer names the process that finished the call. */
const PLAN_TRIP_TS = `import { defineModule, elicit } from '@apcore-mcp/core';
export default defineModule({
  description: 'Plans a trip after asking where and when.',
  inputSchema: { type: 'object', properties: {} },
  execute: async (_inputs, context) => {
    const where = await elicit(context, 'Where to?', {
      type: 'object', properties: { city: { type: 'string' } }, required: ['city'],
    });
    const when = await elicit(context, 'When?', {
      type: 'object', properties: { month: { type: 'string' } }, required: ['month'],
    });
    return { city: where?.city ?? null, month: when?.month ?? null, pid: process.pid };
  },
});
`;

const CANCEL_TRIP_TS = `import { defineModule } from '@apcore-mcp/core';
export default defineModule({
  description: 'Cancels a booked trip.',
  annotations: { destructive: true, requiresApproval: true },
  inputSchema: { type: 'object', properties: { booking: { type: 'string' } }, required: ['booking'] },
  execute: ({ booking }) => ({ cancelled: booking, pid: process.pid }),
});
`;

/** Names the instance that answered. */
const WHERE_TS = `import { defineModule } from '@apcore-mcp/core';
export default defineModule({
  description: 'Says which process answered.',
  inputSchema: { type: 'object', properties: {} },
  execute: () => ({ pid: process.pid }),
});
`;

/** Works for \`ms\` without a word: no progress, no log, nothing on the wire until the answer. */
const QUIET_TS = `import { defineModule } from '@apcore-mcp/core';
export default defineModule({
  description: 'Answers after ms milliseconds of silence.',
  inputSchema: { type: 'object', properties: { ms: { type: 'integer' } }, required: ['ms'] },
  execute: async ({ ms }) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { silentFor: ms, pid: process.pid };
  },
});
`;

/** A task that asks for a go-ahead; the answer names the process that finished it. */
const TASK_CONFIRM_TS = `import { defineModule, elicit } from '@apcore-mcp/core';
export default defineModule({
  description: 'Asks for a go-ahead, as a task.',
  annotations: { taskSupport: 'optional' },
  inputSchema: { type: 'object', properties: {} },
  execute: async (_inputs, context) => {
    const answer = await elicit(context, 'Go ahead?', {
      type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'],
    }, { key: 'confirm' });
    return { confirmed: answer?.confirm === true, pid: process.pid };
  },
});
`;

/** A task that works until it is cancelled (a minute at most). */
const TASK_LONG_TS = `import { defineModule } from '@apcore-mcp/core';
export default defineModule({
  description: 'Works until cancelled, as a task.',
  annotations: { taskSupport: 'optional' },
  timeoutMs: 0,
  inputSchema: { type: 'object', properties: {} },
  execute: (_inputs, context) => new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve({ finished: true }), 60_000);
    context.signal?.addEventListener('abort', () => { clearTimeout(timer); reject(context.signal.reason); });
  }),
});
`;

/**
 * Writes the modules the deployment tests serve into a new temporary directory (the caller
 * removes it): `trips-plan` (two `elicit()` rounds), `trips-cancel` (approval), `probe-where`
 * (the answering process's pid), `pause-quiet` (silent for `ms`), and the tasks `jobs-confirm`
 * (asks a go-ahead) and `jobs-long` (works until cancelled).
 *
 * @example
 * ```ts
 * const extensionsDir = await writeDeploymentExtensions();
 * ```
 */
export async function writeDeploymentExtensions(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-deployment-extensions-'));
  const files: Record<string, string> = {
    'trips/plan.ts': PLAN_TRIP_TS,
    'trips/cancel.ts': CANCEL_TRIP_TS,
    'probe/where.ts': WHERE_TS,
    'pause/quiet.ts': QUIET_TS,
    'jobs/confirm.ts': TASK_CONFIRM_TS,
    'jobs/long.ts': TASK_LONG_TS,
  };
  for (const [path, source] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), source);
  }
  return dir;
}
