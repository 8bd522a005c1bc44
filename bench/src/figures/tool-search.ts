import { silentLogger } from '@apcore-mcp/core/bridge';
import { createMcpServer } from '@apcore-mcp/server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { median, percentile } from '../measure/stats.js';
import { createFigure, type Figure } from '../report/figure.js';
import { createSearchWorkload, type SearchQuery } from '../workload/search-workload.js';

/** Sizes and sampling of {@link measureToolSearch}. */
export interface ToolSearchOptions {
  /** Modules in the registry. */
  registrySize: number;
  /** Distinct queries, each searched `rounds` times. */
  queries: number;
  rounds: number;
}

/** Target: a search answers within this, at the 95th percentile, in memory. */
const TARGET_P95_MS = 20;

async function connect(toolSearch: boolean, registry: Parameters<typeof createMcpServer>[0]) {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const server = await createMcpServer(registry, { toolSearch, logger: silentLogger });
  await server.connect(serverTransport);
  const client = new Client({ name: 'bench-tool-search', version: '1.0.0' });
  await client.connect(clientTransport);
  return { client, close: () => client.close() };
}

/** The `tools/list` answer as a client gets it: its JSON bytes and o200k tokens. */
async function measureList(client: Client): Promise<{ bytes: number; tokens: number }> {
  const json = JSON.stringify((await client.listTools()).tools);
  return { bytes: Buffer.byteLength(json), tokens: countTokens(json) };
}

/** One search's wall time and whether the expected tool came first. */
async function search(client: Client, query: SearchQuery): Promise<{ ms: number; hit: boolean }> {
  const started = performance.now();
  const result = await client.callTool({ name: 'search_tools', arguments: { query: query.text } });
  const ms = performance.now() - started;
  const tools = (result.structuredContent as { tools?: { name: string }[] } | undefined)?.tools;
  return { ms, hit: tools?.[0]?.name === query.expected };
}

/**
 * Tool search on a large registry (generated modules with realistic names): what `tools/list`
 * costs a client with and without it (JSON bytes, and tokens of OpenAI's o200k encoding, as a
 * model would read them), the first search (building the index), the latency of searches
 * (p50/p95 over every query, each repeated), and how often the module a query means ranks
 * first. Measured through the SDK client over the in-memory transport.
 *
 * @example
 * ```ts
 * const figures = await measureToolSearch({ registrySize: 1000, queries: 40, rounds: 5 });
 * ```
 */
export async function measureToolSearch(options: ToolSearchOptions): Promise<Figure[]> {
  const { registry, queries } = createSearchWorkload(options.registrySize, options.queries);
  const full = await connect(false, registry);
  const searching = await connect(true, registry);
  try {
    const fullList = await measureList(full.client);
    const searchList = await measureList(searching.client);
    const listStarted = performance.now();
    await full.client.listTools();
    const fullListMs = performance.now() - listStarted;
    const [first] = queries;
    const firstSearch =
      first === undefined ? { ms: 0, hit: true } : await search(searching.client, first);
    const latencies: number[] = [];
    let hits = 0;
    for (let round = 0; round < options.rounds; round += 1) {
      for (const query of queries) {
        const outcome = await search(searching.client, query);
        latencies.push(outcome.ms);
        if (round === 0 && outcome.hit) hits += 1;
      }
    }
    return toFigures({
      size: options.registrySize,
      fullList,
      searchList,
      fullListMs,
      firstSearch,
      latencies,
      hits,
      queries: queries.length,
    });
  } finally {
    await full.close();
    await searching.close();
  }
}

interface Measured {
  size: number;
  fullList: { bytes: number; tokens: number };
  searchList: { bytes: number; tokens: number };
  fullListMs: number;
  firstSearch: { ms: number };
  latencies: number[];
  hits: number;
  queries: number;
}

function toFigures(measured: Measured): Figure[] {
  const { size, fullList, searchList, latencies } = measured;
  const modules = `${size.toLocaleString('en-US')} modules`;
  const p95 = percentile(latencies, 0.95);
  return [
    createFigure({
      id: `toolSearch.list.bytes.${size}`,
      name: `tools/list bytes, tool search vs every tool, ${modules}`,
      unit: 'bytes',
      ours: searchList.bytes,
      baseline: fullList.bytes,
    }),
    createFigure({
      id: `toolSearch.list.tokens.${size}`,
      name: `tools/list tokens (o200k), tool search vs every tool, ${modules}`,
      unit: 'tokens',
      ours: searchList.tokens,
      baseline: fullList.tokens,
    }),
    createFigure({
      id: `toolSearch.firstSearch.${size}`,
      name: `First search end to end (index, validators) vs a full tools/list, ${modules}`,
      unit: 'ms',
      ours: measured.firstSearch.ms,
      baseline: measured.fullListMs,
    }),
    createFigure({
      id: `toolSearch.latency.p50.${size}`,
      name: `Search latency p50 over ${latencies.length} searches, ${modules}`,
      unit: 'ms',
      ours: median(latencies),
      baseline: measured.fullListMs,
    }),
    createFigure({
      id: `toolSearch.latency.p95.${size}`,
      name: `Search latency p95 over ${latencies.length} searches, ${modules}`,
      unit: 'ms',
      ours: p95,
      baseline: measured.fullListMs,
      target: { text: `< ${TARGET_P95_MS} ms`, met: p95 < TARGET_P95_MS },
    }),
    createFigure({
      id: `toolSearch.top1.${size}`,
      name: `Queries whose module ranks first, of ${measured.queries}, ${modules}`,
      unit: 'queries',
      ours: measured.hits,
      baseline: measured.queries,
    }),
  ];
}
