import { silentLogger } from '@apcore-mcp/core/bridge';
import { createMcpServer } from '@apcore-mcp/server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createBaselineTools } from '../baseline/baseline-tools.js';
import { createBaselineServer } from '../baseline/create-baseline-server.js';
import { type MeasureOptions, measureInterleaved } from '../measure/measure-interleaved.js';
import { median, pairedRatio } from '../measure/stats.js';
import { createFigure, type Figure } from '../report/figure.js';
import { createWorkloadRegistry } from '../workload/create-registry.js';
import { CALL_ARGUMENTS } from '../workload/trivial-handler.js';
import { CALLED_TOOL_NAME } from '../workload/workload-modules.js';

/** Sizes and sampling of {@link measureInMemoryCalls}. */
export interface InMemoryCallsOptions extends MeasureOptions {
  /** Modules in the registry (and tools in the baseline). */
  registrySize: number;
  /** Calls per sample, in each mode. */
  calls: number;
}

/** Target: at least this share of the hand-written server's round trips per second. */
const TARGET_RATIO = 0.9;
/** Calls kept in flight in the concurrent mode. */
const IN_FLIGHT = 10;

/** One connected client, counting the calls that did not answer as expected. */
interface Connection {
  client: Client;
  failures: number;
}

/**
 * Either major's SDK server: ours is built on the 2.x packages, the hand-written baseline on
 * 1.x; both take the 1.x in-memory transport (the transport contract did not change).
 */
interface SdkServer {
  connect(transport: InMemoryTransport): Promise<void>;
}

/** An SDK client connected to `server` over the SDK's in-memory transport pair. */
async function connect(server: SdkServer): Promise<Connection> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(clientTransport);
  // Like a real client: list first (the SDK then checks structured results against the schemas).
  await client.listTools();
  return { client, failures: 0 };
}

async function callOnce(connection: Connection): Promise<void> {
  try {
    const result = await connection.client.callTool({
      name: CALLED_TOOL_NAME,
      arguments: { ...CALL_ARGUMENTS },
    });
    if (result.isError === true) connection.failures += 1;
  } catch {
    connection.failures += 1;
  }
}

/** `calls` calls, `lanes` at a time (each lane calling sequentially). */
function callInLanes(connection: Connection, calls: number, lanes: number): () => Promise<void> {
  const perLane = Math.max(1, Math.floor(calls / lanes));
  const lane = async () => {
    for (let index = 0; index < perLane; index += 1) await callOnce(connection);
  };
  return async () => {
    await Promise.all(Array.from({ length: lanes }, lane));
  };
}

/**
 * Figure 3: `tools/call` round trips per second between an SDK `Client` and the server over the
 * SDK's in-memory transport — ours (`createMcpServer()`: the SDK server `serve()` would put behind a transport) against the hand-written SDK server —
 * one call at a time and ten in flight.
 *
 * @example
 * ```ts
 * const figures = await measureInMemoryCalls({ registrySize: 100, calls: 2000, warmups: 1, samples: 5 });
 * ```
 */
export async function measureInMemoryCalls(options: InMemoryCallsOptions): Promise<Figure[]> {
  // Silent, as the baseline logs nothing either.
  const ours = await connect(
    await createMcpServer(createWorkloadRegistry(options.registrySize), { logger: silentLogger }),
  );
  const baseline = await connect(createBaselineServer(createBaselineTools(options.registrySize)));
  try {
    const figures: Figure[] = [];
    for (const lanes of [1, IN_FLIGHT]) {
      const calls = Math.floor(options.calls / lanes) * lanes;
      const samples = await measureInterleaved(
        [
          { name: 'ours', run: callInLanes(ours, calls, lanes) },
          { name: 'baseline', run: callInLanes(baseline, calls, lanes) },
        ],
        options,
      );
      const rates = (name: string) => (samples.get(name) ?? []).map((ms) => calls / (ms / 1000));
      const oursRate = median(rates('ours'));
      const baselineRate = median(rates('baseline'));
      const ratio = pairedRatio(rates('ours'), rates('baseline'));
      const mode = lanes === 1 ? 'sequential' : `${lanes} in flight`;
      figures.push(
        createFigure({
          id: `in-memory.${lanes === 1 ? 'sequential' : 'concurrent'}`,
          name: `In-memory tools/call, ${mode}`,
          unit: 'calls/s',
          ours: oursRate,
          baseline: baselineRate,
          ratio,
          // One call at a time, the SDK's own work is nearly all of a round trip: for information.
          ...(lanes === 1
            ? {}
            : { target: { text: `>= ${TARGET_RATIO}x`, met: ratio >= TARGET_RATIO } }),
          errors: ours.failures + baseline.failures,
        }),
      );
    }
    return figures;
  } finally {
    await Promise.allSettled([ours.client.close(), baseline.client.close()]);
  }
}
