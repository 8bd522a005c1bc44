/**
 * Our Streamable HTTP server for the events figures, as the JavaScript source `node -e` runs:
 * the workload modules of `BENCH_MODULES_FILE` (for the plain `tools/call` beside the events),
 * plus `bench.emit`, which emits one `bench.tick` occurrence stamped with the time it was emitted
 * (`emittedAt`, ms since the epoch with sub-millisecond precision, comparable across processes
 * on one machine). The event log is this process's memory, or Redis Streams
 * (`@apcore-mcp/events-redis`) when `BENCH_EVENTS_REDIS` names a Redis. Pollers are told to poll
 * again after 1 ms: the figures measure the server's work, not a deployment's polling interval.
 * It prints `listening <port>`.
 */
export const OURS_EVENTS_SCRIPT = `
import { readFileSync } from 'node:fs';
import { defineEventType, defineModule, emit } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { startServer } from '@apcore-mcp/server';

const modules = JSON.parse(readFileSync(process.env.BENCH_MODULES_FILE, 'utf8'));
const answerCall = (inputs) => ({ ok: true, id: String(inputs.id) });
const registry = new Registry();
for (const { moduleId, ...definition } of modules) {
  registry.register(moduleId, defineModule({ ...definition, execute: answerCall }));
}
const tick = defineEventType({
  name: 'bench.tick',
  description: 'One emit of the bench',
  payloadSchema: {
    type: 'object',
    properties: { seq: { type: 'integer' }, emittedAt: { type: 'number' } },
    required: ['seq', 'emittedAt'],
  },
});
registry.register('bench.emit', defineModule({
  description: 'Emits one bench.tick',
  inputSchema: { type: 'object', properties: { seq: { type: 'integer' } }, required: ['seq'] },
  execute: async (inputs, context) => {
    const emittedAt = performance.timeOrigin + performance.now();
    await emit(context, 'bench.tick', { seq: inputs.seq, emittedAt });
    return { ok: true };
  },
}));
const silent = { debug() {}, info() {}, warn() {}, error() {} };
const redis = process.env.BENCH_EVENTS_REDIS;
const eventBackend = redis
  ? await (await import('@apcore-mcp/events-redis')).createRedisEventBackend({ connection: redis, logger: silent })
  : undefined;
const handle = await startServer(registry, {
  transport: 'streamable-http',
  host: '127.0.0.1',
  port: 0,
  logger: silent,
  eventTypes: [tick],
  eventPollIntervalMs: 1,
  eventBufferSize: 1_000_000,
  eventWebhooks: false,
  ...(eventBackend === undefined ? {} : { eventBackend }),
});
process.stdout.write('listening ' + new URL(handle.url).port + '\\n');
process.once('SIGTERM', () => {
  void handle.close().finally(() => process.exit(0));
});
`;

/** The `node` arguments that run {@link OURS_EVENTS_SCRIPT}. */
export const OURS_EVENTS_ARGUMENTS: readonly string[] = [
  '--input-type=module',
  '-e',
  OURS_EVENTS_SCRIPT,
];
