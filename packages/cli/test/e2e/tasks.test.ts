import { findFreePort } from '@apcore-mcp/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import {
  EXAMPLE_EXTENSIONS,
  httpServeArgs,
  SERVING_LINE,
  type ServerProcess,
  startCli,
} from '../helpers/cli-process.js';

const TASKS = 'io.modelcontextprotocol/tasks';

let server: ServerProcess | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/**
 * One 2026-07-28 request as a client of the tasks extension frames it (the SDK clients have no
 * tasks runtime yet): the `_meta` envelope, `Mcp-Method` and `Mcp-Name` headers.
 */
async function send(url: URL, method: string, params: Record<string, unknown>) {
  const name = (params.name ?? params.taskId) as string | undefined;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(name === undefined ? {} : { 'mcp-name': name }),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'cli-e2e-tasks', version: '1.0.0' },
          'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS]: {} } },
        },
      },
    }),
  });
  const text = await response.text();
  const json = text.startsWith('{') ? text : (text.split('data: ').at(-1) ?? '');
  return (JSON.parse(json) as { result: Record<string, unknown> }).result;
}

describe('the example audit as an MCP task', () => {
  it('answers a task, then its result through tasks/get, with the defaults of --task-ttl', async () => {
    server = startCli(httpServeArgs(EXAMPLE_EXTENSIONS, await findFreePort()));
    const [, , address] = await server.waitForStderr(SERVING_LINE);
    const url = new URL(address as string);
    const created = await send(url, 'tools/call', { name: 'catalog-audit_stock', arguments: {} });
    expect(created).toMatchObject({ resultType: 'task', status: 'working', ttlMs: 3_600_000 });
    const taskId = created.taskId as string;
    const deadline = Date.now() + 20_000;
    let task = await send(url, 'tasks/get', { taskId });
    while (task.status === 'working' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      task = await send(url, 'tasks/get', { taskId });
    }
    expect(task).toMatchObject({
      status: 'completed',
      statusMessage: expect.stringMatching(/^5\/5/),
    });
    const result = task.result as { content: { text: string }[] };
    expect(JSON.parse(result.content[0]?.text ?? '{}')).toMatchObject({ checked: 5 });
  });
});
