import * as core from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { registerTaskModules } from '../fixtures/task-modules.mjs';
import { authenticateBySubjectHeader, SUBJECT_HEADER } from '../helpers/subject-clients.js';
import { connectTaskClient, type TaskClient } from '../helpers/task-clients.js';

describe('a task belongs to the subject that created it', () => {
  let server: ServerHandle;
  let alice: TaskClient;
  let bob: TaskClient;

  beforeAll(async () => {
    const registry = new Registry();
    registerTaskModules(core, registry);
    server = await startServer(registry, {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
      authenticate: authenticateBySubjectHeader,
    });
    const as = (subject: string) =>
      connectTaskClient(
        { transport: 'http', url: server.url ?? '', headers: { [SUBJECT_HEADER]: subject } },
        { tasks: true },
      );
    [alice, bob] = await Promise.all([as('alice'), as('bob')]);
  });
  afterAll(async () => {
    await Promise.all([alice.close(), bob.close()]);
    await server.close();
  });

  it('answers "Task not found" to anyone else, for every method, and changes nothing', async () => {
    const { taskId } = (await alice.call('job-confirm')) as { taskId: string };
    await alice.waitFor(taskId, ['input_required']);
    for (const [method, params] of [
      ['tasks/get', { taskId }],
      [
        'tasks/update',
        { taskId, inputResponses: { confirm: { action: 'accept', content: { confirm: true } } } },
      ],
      ['tasks/cancel', { taskId }],
    ] as const) {
      const refused = await bob.request(method, params).then(
        () => undefined,
        (error: { code: number; message: string }) => error,
      );
      expect(refused).toMatchObject({
        code: -32602,
        message: expect.stringContaining('Task not found'),
      });
    }
    expect(await alice.request('tasks/get', { taskId })).toMatchObject({
      status: 'input_required',
      inputRequests: { confirm: {} },
    });
  });
});
