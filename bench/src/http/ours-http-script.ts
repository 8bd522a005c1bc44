/**
 * Our Streamable HTTP server, as the JavaScript source `node -e` runs: the modules described in
 * the JSON file named by `BENCH_MODULES_FILE` (the workload, with its `$defs`/`$ref` schemas)
 * are declared with `defineModule` around the trivial handler, registered, and served with
 * `startServer` on `127.0.0.1`, any free port, a silent logger, and Prometheus metrics when
 * `BENCH_METRICS=1`; it prints `listening <port>`. With `BENCH_TASK_OPTIONS` (a JSON object of
 * task options: `maxTasks`, `taskPollIntervalMs`, ...) every module is declared
 * `taskSupport: 'optional'` and those options are passed to `startServer`.
 *
 * Source text, like the baseline's, so both servers run under the same plain `node` — no
 * TypeScript loader (which, among other things, turns on source maps) in either.
 */
export const OURS_HTTP_SCRIPT = `
import { readFileSync } from 'node:fs';
import { defineModule } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { startServer } from '@apcore-mcp/server';

const modules = JSON.parse(readFileSync(process.env.BENCH_MODULES_FILE, 'utf8'));
const answerCall = (inputs) => ({ ok: true, id: String(inputs.id) });
const taskOptions = process.env.BENCH_TASK_OPTIONS ? JSON.parse(process.env.BENCH_TASK_OPTIONS) : undefined;
const registry = new Registry();
for (const { moduleId, annotations, ...definition } of modules) {
  const withTasks = taskOptions === undefined ? annotations : { ...annotations, taskSupport: 'optional' };
  registry.register(moduleId, defineModule({ ...definition, annotations: withTasks, execute: answerCall }));
}
const silent = { debug() {}, info() {}, warn() {}, error() {} };
const redisTasks = process.env.BENCH_TASKS_REDIS;
const engine = redisTasks
  ? await (await import('@apcore-mcp/tasks')).createBullmqTaskEngine({
      connection: redisTasks,
      pollIntervalMs: taskOptions?.taskPollIntervalMs,
      logger: silent,
    })
  : undefined;
const handle = await startServer(registry, {
  transport: 'streamable-http',
  host: '127.0.0.1',
  port: 0,
  logger: silent,
  metrics: process.env.BENCH_METRICS === '1',
  ...taskOptions,
  ...(engine === undefined ? {} : { tasks: engine }),
});
process.stdout.write('listening ' + new URL(handle.url).port + '\\n');
// Stopped with SIGTERM: close properly (a --cpu-prof profile is then written on exit).
process.once('SIGTERM', () => {
  void handle.close().finally(() => process.exit(0));
});
`;

/** The `node` arguments that run {@link OURS_HTTP_SCRIPT}. */
export const OURS_HTTP_ARGUMENTS: readonly string[] = [
  '--input-type=module',
  '-e',
  OURS_HTTP_SCRIPT,
];
