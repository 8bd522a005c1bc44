import { get } from 'node:http';
import * as core from '@apcore-mcp/core';
import * as runtime from '@apcore-mcp/runtime';

/** A registry with `math.add` (typed inputs) and `files.remove` (requires approval). */
export function createMetricsRegistry(): runtime.Registry {
  const registry = new runtime.Registry();
  registry.register(
    'math.add',
    core.defineModule({
      description: 'Adds two numbers.',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
      execute: (inputs) => ({ sum: Number(inputs.a) + Number(inputs.b) }),
    }),
  );
  registry.register(
    'files.remove',
    core.defineModule({
      description: 'Removes a file.',
      annotations: { destructive: true, requiresApproval: true },
      inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
      execute: (inputs) => ({ removed: inputs.path ?? null }),
    }),
  );
  return registry;
}

/** The value of one sample line of a text exposition (`name{labels} value`); undefined if absent. */
export function sampleValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** GETs `url` and returns status, content type and body. */
export async function scrape(
  url: string,
): Promise<{ status: number; contentType: string | null; text: string }> {
  const response = await fetch(url);
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    text: await response.text(),
  };
}

/** The status of a GET sent with this `Host` header (fetch would not let a test set it). */
export function statusWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers: { host } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
}
