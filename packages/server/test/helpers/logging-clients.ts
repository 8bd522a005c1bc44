import * as core from '@apcore-mcp/core';
import { Executor, Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger, type RecordingLogger } from '@apcore-mcp/test-support';
import {
  type ClientEra,
  connectClient,
  type LogMessage,
  type McpClientHandle,
} from '@apcore-mcp/test-support/clients';
import { startServer } from '../../src/lifecycle/start-server.js';
import { registerLoggingModules } from '../fixtures/logging-modules.mjs';
import { fixturePath, SERVER_ROOT } from './fixture-path.js';

/** The `_meta` key a 2026-07-28 request carries its log level under. */
export const LOG_LEVEL_META_KEY = 'io.modelcontextprotocol/logLevel';

/** A client of one era on a server of the logging modules, and what it and the server logged. */
export interface LoggingConnection {
  client: McpClientHandle;
  /** Every `notifications/message` the client received, in order. */
  received: LogMessage[];
  /** Resolves once the client has received a message whose data is or holds `text`. */
  waitForLine(text: string): Promise<void>;
  /** The server's log (Streamable HTTP, in process); `undefined` for a spawned stdio server. */
  serverLog: RecordingLogger | undefined;
  close(): Promise<void>;
}

/** The message a log line's `data` carries: the data itself, or its `message`. */
export function messageOf(received: LogMessage): unknown {
  const { data } = received;
  return typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : data;
}

/**
 * Connects a client of `era` to a server of the logging modules over Streamable HTTP (in
 * process, logging to a recorder) or stdio (the fixture server, spawned).
 */
export async function connectLogging(
  era: ClientEra,
  transport: 'http' | 'stdio',
): Promise<LoggingConnection> {
  const received: LogMessage[] = [];
  const waiters = new Set<() => void>();
  const onLog = (message: LogMessage): void => {
    received.push(message);
    for (const waiter of waiters) waiter();
  };
  const waitForLine = (text: string): Promise<void> =>
    new Promise((resolve) => {
      const check = (): void => {
        if (!received.some((message) => messageOf(message) === text)) return;
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });
  if (transport === 'stdio') {
    const client = await connectClient({
      era,
      transport: 'stdio',
      command: process.execPath,
      args: [fixturePath('stdio-server.mjs')],
      env: { ...process.env, FIXTURE_LOGGING: '1' },
      cwd: SERVER_ROOT,
      stderr: 'ignore',
      onLog,
    });
    return { client, received, waitForLine, serverLog: undefined, close: () => client.close() };
  }
  const registry = new Registry();
  registerLoggingModules(core, registry);
  const serverLog = createRecordingLogger();
  const server = await startServer(new Executor(registry), {
    transport: 'streamable-http',
    port: 0,
    logger: serverLog,
  });
  const client = await connectClient({ era, transport: 'http', url: server.url ?? '', onLog });
  return {
    client,
    received,
    waitForLine,
    serverLog,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
