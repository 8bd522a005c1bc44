import { firstText } from '@apcore-mcp/test-support';
import {
  type ClientEra,
  connectClient,
  type McpClientHandle,
} from '@apcore-mcp/test-support/clients';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { assertBuilt, BIN, cleanEnv } from './cli-process.js';

/** What a stdio session saw: the server's stderr once it ended. */
export interface StdioSessionResult<T> {
  value: T;
  stderr: string;
}

/**
 * Spawns `apcore-mcp <args>` (in `options.cwd`, by default the test's working directory) as an
 * MCP client does (the SDK's stdio transport), hands the
 * connected client (and a reader of the server's stderr so far) to `use`, then closes it
 * (`beforeConnect` sets up the client first: notification handlers, say);
 * resolves to what `use` returned and everything the server wrote to stderr.
 *
 * @example
 * ```ts
 * const { value } = await withStdioSession(['--extensions-dir', dir], {}, (client) => client.listTools());
 * ```
 */
export async function withStdioSession<T>(
  args: readonly string[],
  env: Record<string, string>,
  use: (client: Client, stderr: () => string) => Promise<T>,
  options: { cwd?: string; beforeConnect?: (client: Client) => void } = {},
): Promise<StdioSessionResult<T>> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...args],
    env: cleanEnv(env),
    stderr: 'pipe',
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: 'cli-e2e', version: '1.0.0' });
  options.beforeConnect?.(client);
  await client.connect(transport);
  let value: T;
  try {
    value = await use(client, () => stderr);
  } finally {
    await client.close();
  }
  return { value, stderr };
}

/** The text of a tool result's first content block, or the message of a refused call. */
export async function callText(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<{ isError: boolean; text: string }> {
  try {
    const result = await client.callTool({ name, arguments: args });
    return { isError: result.isError === true, text: firstText(result) };
  } catch (error) {
    return { isError: true, text: (error as Error).message };
  }
}

/**
 * A client of `era` connected to `apcore-mcp <args>` over stdio, spawned as a tracked process
 * (its stderr ignored); close it when done.
 *
 * @example
 * ```ts
 * const client = await connectCliOverStdio('2026-07-28', ['--extensions-dir', dir]);
 * ```
 */
export function connectCliOverStdio(
  era: ClientEra,
  args: readonly string[],
): Promise<McpClientHandle> {
  assertBuilt();
  return connectClient({
    era,
    transport: 'stdio',
    command: process.execPath,
    args: [BIN, ...args],
    env: cleanEnv(),
    stderr: 'ignore',
  });
}
