import { silentLogger } from '@apcore-mcp/core/bridge';
import type { Registry } from '@apcore-mcp/runtime';
import { createMcpServer, inspectServer } from '@apcore-mcp/server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { createFigure, type Figure } from '../report/figure.js';
import { createWorkloadRegistry } from '../workload/create-registry.js';

/** The size of the registry whose tool list is measured. */
export interface ToolsListSizeOptions {
  moduleCount: number;
}

/**
 * One way of listing a registry's tools: a row pair (bytes, tokens) of the figure. Another
 * listing (a tool-search server's two tools, say) is one more entry of {@link TOOLS_LISTINGS}.
 */
export interface ToolsListing {
  /** The figure id part: `tools-list.<id>.bytes`. */
  id: string;
  name: string;
  /** The `tools` of the `tools/list` result a client receives. */
  listTools(registry: Registry): readonly unknown[] | Promise<readonly unknown[]>;
}

async function listServed(registry: Registry, options: Parameters<typeof inspectServer>[1]) {
  return (await inspectServer(registry, options)).tools.map((served) => served.tool);
}

/** What a client lists from a `toolSearch` server, asked through the SDK client. */
async function listThroughToolSearch(registry: Registry): Promise<readonly unknown[]> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await (await createMcpServer(registry, { toolSearch: true, logger: silentLogger })).connect(
    serverTransport,
  );
  const client = new Client({ name: 'bench-tools-list', version: '1.0.0' });
  await client.connect(clientTransport);
  try {
    return (await client.listTools()).tools;
  } finally {
    await client.close();
  }
}

/** The listings compared; the first is the reference the others are divided by. */
export const TOOLS_LISTINGS: readonly ToolsListing[] = [
  { id: 'none', name: 'one tool per module', listTools: (registry) => listServed(registry, {}) },
  {
    id: 'namespace',
    name: 'grouping namespace',
    listTools: (registry) => listServed(registry, { grouping: 'namespace' }),
  },
  {
    id: 'namespace-toon',
    name: 'grouping namespace, TOON descriptions',
    listTools: (registry) =>
      listServed(registry, { grouping: 'namespace', toonDescriptions: true }),
  },
  { id: 'tool-search', name: 'tool search', listTools: listThroughToolSearch },
];

interface ListingSize {
  bytes: number;
  tokens: number;
}

/** The `tools/list` result as the client receives it: its JSON, in UTF-8 bytes and o200k tokens. */
async function measureListing(registry: Registry, listing: ToolsListing): Promise<ListingSize> {
  const json = JSON.stringify({ tools: await listing.listTools(registry) });
  return { bytes: Buffer.byteLength(json, 'utf8'), tokens: countTokens(json) };
}

/**
 * The size of `tools/list` for a generated registry under each listing of
 * {@link TOOLS_LISTINGS}, in bytes and in tokens (OpenAI's o200k_base tokenizer, what GPT-4o
 * and later models count): how much of a model's context the tool list costs. The baseline of
 * every row is the first listing (one tool per module), so the ratio is the share left.
 * Reported for information: sizes are exact, not timings.
 */
export async function measureToolsListSize(options: ToolsListSizeOptions): Promise<Figure[]> {
  const registry = createWorkloadRegistry(options.moduleCount);
  const sizes: ListingSize[] = [];
  for (const listing of TOOLS_LISTINGS) sizes.push(await measureListing(registry, listing));
  const [reference] = sizes;
  if (reference === undefined) return [];
  const count = options.moduleCount.toLocaleString('en-US');
  return TOOLS_LISTINGS.flatMap((listing, index) => {
    const size = sizes[index] as ListingSize;
    return (['bytes', 'tokens'] as const).map((unit) =>
      createFigure({
        id: `tools-list.${listing.id}.${unit}`,
        name: `tools/list of ${count} modules, ${listing.name} (${unit})`,
        unit,
        ours: size[unit],
        baseline: reference[unit],
      }),
    );
  });
}
