import * as core from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { registerTaskModules } from '../fixtures/task-modules.mjs';
import { eventRequest, poll } from '../helpers/event-requests.js';
import { as, authenticateBySubjectHeader } from '../helpers/subject-clients.js';
import { connectTaskClient, type TaskClient } from '../helpers/task-clients.js';

const FINISHED = 'apcore-mcp.task.finished';

describe('the built-in apcore-mcp.task.finished event', () => {
  let server: ServerHandle;
  let url: string;
  let alice: TaskClient;

  beforeAll(async () => {
    const registry = new Registry();
    registerTaskModules(core, registry);
    server = await startServer(registry, {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
      authenticate: authenticateBySubjectHeader,
    });
    url = server.url ?? '';
    alice = await connectTaskClient(
      { transport: 'http', url, headers: as('alice') },
      { tasks: true },
    );
  });
  afterAll(async () => {
    await alice.close();
    await server.close();
  });

  it('is listed while a served tool supports tasks, and reaches the task owner only', async () => {
    const listed = await eventRequest(url, 'events/list', {}, as('alice'));
    expect(listed.result).toMatchObject({ events: [{ name: FINISHED }] });
    const aliceStart = await poll(url, { name: FINISHED, cursor: null }, as('alice'));
    const bobStart = await poll(url, { name: FINISHED, cursor: null }, as('bob'));
    const { taskId } = (await alice.call('job-wait', { ms: 0 })) as { taskId: string };
    await alice.waitFor(taskId, ['completed']);
    await expect
      .poll(
        async () =>
          (await poll(url, { name: FINISHED, cursor: aliceStart.cursor }, as('alice'))).events,
      )
      .toMatchObject([
        { eventId: `task_${taskId}_completed`, data: { taskId, status: 'completed' } },
      ]);
    const bob = await poll(url, { name: FINISHED, cursor: bobStart.cursor }, as('bob'));
    expect(bob.events).toEqual([]);
    const other = await poll(
      url,
      { name: FINISHED, arguments: { taskId: 'another' }, cursor: aliceStart.cursor },
      as('alice'),
    );
    expect(other.events).toEqual([]);
  });
});
