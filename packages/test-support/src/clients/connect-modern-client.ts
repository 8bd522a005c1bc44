import {
  Client,
  type LoggingLevel,
  type StandardSchemaV1,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { toPlainJson } from './definition-requests.js';
import { createElicitationRouter, type ElicitationRouter } from './elicitation-router.js';
import { modernListChanges } from './list-changes.js';
import { modernDefinitionRequests } from './modern-definition-requests.js';
import { toCalledToolResult, toListedTool, toLogMessage } from './plain-results.js';
import { createProgressRoutes, type ProgressRoutes, withMeta } from './progress-routes.js';
import { type StdioServerProcess, startStdioServer } from './stdio-server-process.js';
import type {
  ConnectionDefaults,
  LogMessage,
  McpClientHandle,
  StdioTarget,
  UrlTarget,
} from './types.js';

/** Takes any result: a raw request's answer is checked by the test itself. */
const ANY_RESULT: StandardSchemaV1<unknown, Record<string, unknown>> = {
  '~standard': {
    version: 1,
    vendor: 'test-support',
    validate: (value) => ({ value: value as Record<string, unknown> }),
  },
};

/** The revision the client pins: no probe, no fallback, a loud failure on a legacy-only server. */
const MODERN_REVISION = '2026-07-28';

type ModernTarget = StdioTarget | (UrlTarget & { transport: 'http' });

/**
 * Connects a 2.x SDK client pinned to protocol 2026-07-28. Elicitations arrive as
 * `input_required` results, which the client fulfils through its `elicitation/create` handler
 * and then retries the call by itself, so a call's `onElicit` sees them the same way as on
 * 2025-11-25.
 *
 * @example
 * ```ts
 * const client = await connectModernClient({ transport: 'http', url: 'http://127.0.0.1:9000/mcp' });
 * ```
 */
export async function connectModernClient(
  options: ConnectionDefaults & ModernTarget,
): Promise<McpClientHandle> {
  const router = createElicitationRouter(options.onElicit);
  const progress = createProgressRoutes();
  const client = createModernClient(options.clientName, router, progress);
  forwardLogMessages(client, options.onLog);
  const server = options.transport === 'stdio' ? startStdioServer(options) : undefined;
  try {
    await client.connect(modernTransport(options, server));
    const era = client.getProtocolEra();
    if (era !== 'modern') throw new Error(`pinned ${MODERN_REVISION} but negotiated ${era}`);
  } catch (error) {
    await client.close().catch(() => {});
    await server?.stop();
    throw error;
  }
  return {
    era: MODERN_REVISION,
    serverCapabilities: () => ({ ...client.getServerCapabilities() }),
    ...modernDefinitionRequests(client),
    listenForListChanges: modernListChanges(client),
    async listTools() {
      // Always ask the server: a test that changes the tools must not see a cached list.
      const { tools } = await client.listTools(undefined, { cacheMode: 'refresh' });
      return tools.map(toListedTool);
    },
    async callTool(name, args = {}, callOptions = {}) {
      const { signal, timeoutMs } = callOptions;
      const result = await router.during(callOptions.onElicit, () =>
        progress.during(callOptions.onProgress, (meta) =>
          client.callTool(
            { name, arguments: args, ...withMeta(callOptions.meta, meta) },
            { ...(signal && { signal }), ...(timeoutMs !== undefined && { timeout: timeoutMs }) },
          ),
        ),
      );
      return toCalledToolResult(result);
    },
    request: rawRequests(client),
    async setLogLevel(level) {
      await client.setLoggingLevel(level as LoggingLevel);
    },
    async close() {
      try {
        await client.close();
      } finally {
        await server?.stop();
      }
    },
  };
}

/** Requests the client has no call for, their results as plain JSON. */
function rawRequests(client: Client): McpClientHandle['request'] {
  return async (method, params) =>
    toPlainJson(await client.request({ method, ...(params && { params }) }, ANY_RESULT));
}

function createModernClient(
  clientName: string | undefined,
  router: ElicitationRouter,
  progress: ProgressRoutes,
): Client {
  const client = new Client(
    { name: clientName ?? 'test-client', version: '1.0.0' },
    {
      versionNegotiation: { mode: { pin: MODERN_REVISION } },
      capabilities: { elicitation: { form: {} } },
    },
  );
  client.setRequestHandler('elicitation/create', async (request) => {
    const { params } = request;
    if (!('requestedSchema' in params)) return { action: 'decline' };
    return router.answer({ message: params.message, requestedSchema: params.requestedSchema });
  });
  client.setNotificationHandler('notifications/progress', (notification) => {
    progress.deliver(notification.params);
  });
  return client;
}

function modernTransport(target: ModernTarget, server: StdioServerProcess | undefined) {
  // The stdio server transport is the SDK's newline-delimited JSON-RPC framing over any pair
  // of streams; pointed at a child's pipes it is the client end (and, being a custom
  // transport, makes the client probe on this connection rather than spawn a second server).
  if (server !== undefined) return new StdioServerTransport(server.output, server.input);
  const { url, headers, fetch } = target as UrlTarget;
  return new StreamableHTTPClientTransport(new URL(url), {
    ...(headers && { requestInit: { headers } }),
    ...(fetch && { fetch }),
  });
}

/** Hands every `notifications/message` to `onLog`, as plain JSON. */
function forwardLogMessages(client: Client, onLog: ((message: LogMessage) => void) | undefined) {
  if (onLog === undefined) return;
  client.setNotificationHandler('notifications/message', ({ params }) => {
    onLog(toLogMessage(params));
  });
}
