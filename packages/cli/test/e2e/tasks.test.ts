import { findFreePort } from '@apcore-mcp/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import {
  EXAMPLE_EXTENSIONS,
  httpServeArgs,
  SERVING_LINE,
  type ServerProcess,
  startCli,
} from '../helpers/cli-process.js';
import { requestTasks } from '../helpers/task-requests.js';

let server: ServerProcess | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** The result of one request of a client that takes tasks (see `requestTasks`). */
async function send(url: URL, method: string, params: Record<string, unknown>) {
  return (await requestTasks(url.href, method, params)).result ?? {};
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
