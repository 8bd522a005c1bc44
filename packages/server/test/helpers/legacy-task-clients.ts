import { startStdioServer } from '@apcore-mcp/test-support/clients';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CreateTaskResultSchema,
  ElicitRequestSchema,
  type ElicitResult,
  type Task,
  TaskStatusNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { fixturePath, SERVER_ROOT } from './fixture-path.js';

/** Where a task client connects: `tasks-server.mjs` spawned over stdio, or a URL. */
export type LegacyTaskTarget =
  | { transport: 'stdio' }
  | { transport: 'http'; url: string; headers?: Record<string, string> };

/** An elicitation the server sent: its message and its `_meta`. */
export interface AskedQuestion {
  message: string;
  meta: Record<string, unknown> | undefined;
}

/** A 1.x SDK client (2025-11-25) with its experimental task API, and what the server sent it. */
export interface LegacyTaskClient {
  client: Client;
  asked: AskedQuestion[];
  /** Creates a task with a raw task-augmented `tools/call`; resolves to the created task. */
  createTask(name: string, args?: Record<string, unknown>): Promise<Task>;
  /** Resolves with the first `notifications/tasks/status` of `taskId` with `status`. */
  statusNotice(taskId: string, status: Task['status']): Promise<Task>;
  close(): Promise<void>;
}

/**
 * Connects a 1.x SDK client that declares forms and accepts each: with a name for `What is your
 * name?`, a confirmation for the rest. Over stdio it spawns `test/fixtures/tasks-server.mjs`
 * (built packages), stopped on close.
 */
export async function connectLegacyTaskClient(target: LegacyTaskTarget): Promise<LegacyTaskClient> {
  const client = new Client(
    { name: 'task-client', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  const asked: AskedQuestion[] = [];
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    asked.push({ message: request.params.message, meta: request.params._meta });
    return answerByMessage(request.params.message);
  });
  const notices: Task[] = [];
  const waiters = new Set<() => void>();
  client.setNotificationHandler(TaskStatusNotificationSchema, ({ params }) => {
    notices.push(params);
    for (const wake of waiters) wake();
  });
  const { transport, stop } = openTransport(target);
  await client.connect(transport);
  return {
    client,
    asked,
    async createTask(name, args = {}) {
      const created = await client.request(
        { method: 'tools/call', params: { name, arguments: args, task: { ttl: 60_000 } } },
        CreateTaskResultSchema,
      );
      return created.task;
    },
    statusNotice: (taskId, status) =>
      new Promise((resolve) => {
        const look = (): void => {
          const notice = notices.find((task) => task.taskId === taskId && task.status === status);
          if (notice === undefined) return;
          waiters.delete(look);
          resolve(notice);
        };
        waiters.add(look);
        look();
      }),
    async close() {
      try {
        await client.close();
      } finally {
        await stop();
      }
    },
  };
}

function answerByMessage(message: string): ElicitResult {
  if (message === 'What is your name?') return { action: 'accept', content: { name: 'Ada' } };
  return { action: 'accept', content: { confirm: true } };
}

function openTransport(target: LegacyTaskTarget): { transport: Transport; stop(): Promise<void> } {
  if (target.transport === 'http') {
    const options = target.headers ? { requestInit: { headers: target.headers } } : {};
    return {
      transport: new StreamableHTTPClientTransport(new URL(target.url), options),
      stop: async () => {},
    };
  }
  const server = startStdioServer({
    transport: 'stdio',
    command: process.execPath,
    args: [fixturePath('tasks-server.mjs')],
    cwd: SERVER_ROOT,
    stderr: 'ignore',
  });
  return {
    // The SDK's stdio server transport is its framing over any pair of streams: the client end.
    transport: new StdioServerTransport(server.output, server.input),
    stop: () => server.stop(),
  };
}
