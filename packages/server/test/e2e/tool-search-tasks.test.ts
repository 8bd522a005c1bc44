import * as core from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import { type ClientEra, connectClient } from '@apcore-mcp/test-support/clients';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { registerTaskModules } from '../fixtures/task-modules.mjs';
import { connectLegacyTaskClient } from '../helpers/legacy-task-clients.js';
import { rejection } from '../helpers/rejection.js';
import { connectTaskClient, TASKS_EXTENSION } from '../helpers/task-clients.js';

/** The refusal of a task-only tool called without a task, per revision. */
const WITHOUT_TASK: Record<ClientEra, { code: number; message: RegExp }> = {
  '2026-07-28': { code: -32021, message: new RegExp(TASKS_EXTENSION) },
  '2025-11-25': { code: -32601, message: /runs only as a task/ },
};

let server: ServerHandle;
let url: string;

beforeAll(async () => {
  const registry = new Registry();
  registerTaskModules(core, registry);
  server = await startServer(registry, {
    transport: 'streamable-http',
    port: 0,
    toolSearch: true,
    logger: createRecordingLogger(),
  });
  url = server.url ?? '';
});
afterAll(async () => {
  await server?.close();
});

describe.each<ClientEra>(['2026-07-28', '2025-11-25'])(
  'a task-only module under tool search, %s client without tasks',
  (era) => {
    it('is refused through call_tool exactly as when called directly', async () => {
      const client = await connectClient({ era, transport: 'http', url });
      try {
        const expected = WITHOUT_TASK[era];
        const direct = await rejection(
          client.request('tools/call', { name: 'job-fails', arguments: {} }),
        );
        expect(direct).toMatchObject({ code: expected.code });
        expect(direct.message).toMatch(expected.message);
        const viaSearch = await rejection(
          client.callTool('call_tool', { name: 'job-fails', arguments: {} }),
        );
        expect(viaSearch).toMatchObject({ code: expected.code, message: direct.message });
        // A module that may run either way still runs as a plain call.
        const plain = await client.callTool('call_tool', { name: 'job-wait', arguments: {} });
        expect(firstText(plain)).toBe('Waited 0 ms');
      } finally {
        await client.close();
      }
    });
  },
);

describe('a task-only module through call_tool, for a client that takes tasks', () => {
  it('becomes a task on 2026-07-28, as a direct call does', async () => {
    const client = await connectTaskClient({ transport: 'http', url }, { tasks: true });
    try {
      const created = await client.call('call_tool', { name: 'job-fails', arguments: {} });
      expect(created).toMatchObject({ resultType: 'task', status: 'working' });
      expect(await client.waitFor(created.taskId as string, ['completed'])).toMatchObject({
        result: { isError: true, _meta: { 'apcore/errorCode': 'JOB_FAILED' } },
      });
    } finally {
      await client.close();
    }
  });

  it('becomes a task on 2025-11-25 when call_tool asks for one; a plain tool is refused', async () => {
    const tasks = await connectLegacyTaskClient({ transport: 'http', url });
    try {
      const task = await tasks.createTask('call_tool', { name: 'job-wait', arguments: { ms: 5 } });
      const result = await tasks.client.experimental.tasks.getTaskResult(
        task.taskId,
        CallToolResultSchema,
      );
      expect(result.content).toEqual([{ type: 'text', text: 'Waited 5 ms' }]);
      const taskOfPlain = { name: 'call_tool', arguments: { name: 'job-greet' }, task: {} };
      await expect(
        tasks.client.request({ method: 'tools/call', params: taskOfPlain }, CallToolResultSchema),
      ).rejects.toMatchObject({ code: -32601 });
    } finally {
      await tasks.close();
    }
  });
});
