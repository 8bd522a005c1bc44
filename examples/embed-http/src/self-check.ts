import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type AppServer, startAppServer } from './app-server.js';

function textOf(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content;
  return content?.[0]?.text ?? '';
}

function expectEqual(actual: unknown, expected: unknown, what: string, problems: string[]): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    problems.push(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

/** The app's own routes, spoken to with plain `fetch`. */
async function checkAppRoutes(app: AppServer, problems: string[]): Promise<void> {
  expectEqual(
    await (await fetch(`${app.baseUrl}/`)).text(),
    'The notes app. MCP clients connect to /mcp.\n',
    'GET /',
    problems,
  );
  expectEqual((await fetch(`${app.baseUrl}/nope`)).status, 404, 'GET /nope', problems);
  const health = (await (await fetch(`${app.baseUrl}/health`)).json()) as { status?: string };
  expectEqual(health.status, 'ok', 'GET /health', problems);
}

/** The MCP endpoint, spoken to with the SDK's client: listing, writing, reading, a miss. */
async function checkMcpEndpoint(
  client: Client,
  log: (line: string) => void,
  problems: string[],
): Promise<void> {
  expectEqual(client.getServerVersion()?.name, 'notes-app', 'server name', problems);
  const { tools } = await client.listTools();
  log(`Tools: ${tools.map((tool) => tool.name).join(', ')}`);
  expectEqual(
    tools.map((tool) => tool.name),
    ['notes-read', 'notes-write'],
    'tools/list',
    problems,
  );
  const written = await client.callTool({
    name: 'notes-write',
    arguments: { title: 'groceries', body: 'tea, mugs' },
  });
  log(`notes-write -> ${textOf(written)}`);
  expectEqual(
    JSON.parse(textOf(written)),
    { saved: 'groceries', count: 1 },
    'notes.write',
    problems,
  );
  const read = await client.callTool({ name: 'notes-read', arguments: { title: 'groceries' } });
  log(`notes-read -> ${textOf(read)}`);
  expectEqual(JSON.parse(textOf(read)).body, 'tea, mugs', 'notes.read', problems);
  const missing = await client.callTool({ name: 'notes-read', arguments: { title: 'holiday' } });
  log(`notes-read (missing) -> ${textOf(missing)}`);
  expectEqual(
    [missing.isError, textOf(missing)],
    [true, 'Invalid input: No note titled "holiday"'],
    'missing note',
    problems,
  );
}

/**
 * Starts the app on a free port, talks to it with the MCP SDK's own client and with plain
 * `fetch` for the app routes, and checks every answer; always closes the app.
 *
 * @throws Error listing every answer that is not what it should be.
 * @example
 * ```ts
 * await runSelfCheck(console.log);
 * ```
 */
export async function runSelfCheck(log: (line: string) => void = () => {}): Promise<void> {
  const app = await startAppServer({ port: 0 });
  const problems: string[] = [];
  const client = new Client({ name: 'embed-http-self-check', version: '1.0.0' });
  try {
    log(`App on ${app.baseUrl}, MCP on ${app.mcpUrl}`);
    await checkAppRoutes(app, problems);
    await client.connect(new StreamableHTTPClientTransport(new URL(app.mcpUrl)));
    await checkMcpEndpoint(client, log, problems);
  } finally {
    await client.close();
    await app.close();
  }
  if (problems.length > 0)
    throw new Error(`The embedded server answered wrong:\n- ${problems.join('\n- ')}`);
  log('Every answer was right.');
}
