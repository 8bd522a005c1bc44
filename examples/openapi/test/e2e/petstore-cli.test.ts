import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  findFreePort,
  spawnTracked,
  startPrism,
  stopTracked,
  type TestPrismServer,
} from '@apcore-mcp/test-support';
import { connectClient, type McpClientHandle } from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The README's one command, `apcore-mcp --openapi examples/openapi/petstore.yaml
// --openapi-base-url URL`, run as a user runs it (the built bin, spawned) against Prism mocking
// the Petstore with request validation on, over stdio and over Streamable HTTP.

const PETSTORE = fileURLToPath(new URL('../../petstore.yaml', import.meta.url));
const PETSTORE_TOOLS = ['add_pet', 'delete_pet', 'find_pet_by_id', 'find_pets'];

/** The `apcore-mcp` bin of the workspace's CLI package, as an installed project finds it. */
function cliBin(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@apcore-mcp/cli/package.json')), 'bin', 'apcore-mcp.js');
}

/** Resolves with the URL the server announces on stderr (`... at <url>`). */
function announcedUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let said = '';
    const lines = createInterface({ input: child.stderr as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      said += `${line}\n`;
      const match = / at (http:\/\/\S+)$/.exec(line);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`apcore-mcp exited with ${code}: ${said}`)));
  });
}

/** Lists the Petstore's tools and calls two of them, checking each answer. */
async function usePetstore(client: McpClientHandle, calls: 'read' | 'write'): Promise<void> {
  const tools = await client.listTools();
  expect(tools.map((tool) => tool.name).sort()).toEqual(PETSTORE_TOOLS);
  const pet = expect.objectContaining({ id: expect.any(Number), name: expect.any(String) });
  if (calls === 'read') {
    const found = await client.callTool('find_pets', { tags: ['dog'], limit: 1 });
    expect(found.structuredContent).toEqual({ items: [pet] });
    const one = await client.callTool('find_pet_by_id', { id: 1 });
    expect(one.structuredContent).toEqual(pet);
  } else {
    const added = await client.callTool('add_pet', { name: 'Rex', tag: 'dog' });
    expect(added.structuredContent).toEqual(pet);
    const deleted = await client.callTool('delete_pet', { id: 1 });
    expect(deleted.isError).toBe(false);
  }
  const refused = await client.callTool('find_pet_by_id', {});
  expect(refused.isError).toBe(true);
}

let prism: TestPrismServer;

beforeAll(async () => {
  prism = await startPrism({ document: PETSTORE, mode: 'mock' });
});

afterAll(async () => {
  await prism?.close();
});

describe('apcore-mcp --openapi petstore.yaml --openapi-base-url <Prism>', () => {
  const args = ['--openapi', PETSTORE, '--openapi-base-url', () => prism.url] as const;
  const argv = () => args.map((arg) => (typeof arg === 'function' ? arg() : arg));

  it('serves the Petstore over stdio (2025-11-25 client)', async () => {
    const client = await connectClient({
      era: '2025-11-25',
      transport: 'stdio',
      command: process.execPath,
      args: [cliBin(), ...argv()],
      stderr: 'ignore',
    });
    try {
      await usePetstore(client, 'read');
    } finally {
      await client.close();
    }
    expect(await prism.violations()).toEqual([]);
  });

  it('serves the Petstore over Streamable HTTP (2026-07-28 client)', async () => {
    const port = await findFreePort();
    const server = spawnTracked(
      process.execPath,
      [cliBin(), ...argv(), '--transport', 'streamable-http', '--port', String(port)],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    try {
      const url = await announcedUrl(server);
      const client = await connectClient({ era: '2026-07-28', transport: 'http', url });
      try {
        await usePetstore(client, 'write');
      } finally {
        await client.close();
      }
    } finally {
      await stopTracked(server);
    }
    expect(await prism.violations()).toEqual([]);
  });
});
