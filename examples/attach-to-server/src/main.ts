// `pnpm start`: launches the application server over stdio as an MCP client would, lists and
// calls both kinds of tools with the SDK's client, and exits 1 if anything is not as expected.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const client = new Client({ name: 'attach-example', version: '1.0.0' });

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  const [first] = (result as { content: { type: string; text?: string }[] }).content;
  return first?.type === 'text' ? (first.text ?? '') : '';
}

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(`Unexpected: ${message}`);
}

try {
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', '--conditions=@apcore-mcp/source', 'src/app-server.ts'],
      stderr: 'inherit',
    }),
  );
  const names = (await client.listTools()).tools.map((tool) => tool.name);
  console.log(`Tools: ${names.join(', ')}`);
  check(names.join(',') === 'app_status,notes-add,notes-list', 'the tool list');

  const status = textOf(await client.callTool({ name: 'app_status', arguments: {} }));
  console.log(`app_status -> ${status}`);
  check(status.startsWith('up '), 'the application tool answer');

  await client.callTool({ name: 'notes-add', arguments: { text: 'buy milk' } });
  const listed = textOf(await client.callTool({ name: 'notes-list', arguments: {} }));
  console.log(`notes-list -> ${listed}`);
  check(listed === '{"notes":["buy milk"]}', 'the registry tool answer');

  const refused = await client.callTool({ name: 'notes-add', arguments: { text: '' } });
  console.log(`notes-add with an empty text -> ${textOf(refused).split('\n')[0]}`);
  check(refused.isError === true, 'validation through the router');
  console.log('Both kinds of tools served side by side.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await client.close();
}
