import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ElicitRequestSchema,
  type LoggingLevel,
  LoggingMessageNotificationSchema,
  ProgressNotificationSchema,
  ResultSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { toPlainJson } from './definition-requests.js';
import { createElicitationRouter, type ElicitationRouter } from './elicitation-router.js';
import { legacyDefinitionRequests } from './legacy-definition-requests.js';
import { legacyListChanges } from './list-changes.js';
import { toCalledToolResult, toListedTool, toLogMessage } from './plain-results.js';
import { createProgressRoutes, type ProgressRoutes, withMeta } from './progress-routes.js';
import { type StdioServerProcess, startStdioServer } from './stdio-server-process.js';
import type {
  ConnectionDefaults,
  ListedTool,
  LogMessage,
  McpClientHandle,
  StdioTarget,
  UrlTarget,
} from './types.js';

/**
 * Connects a 1.x SDK client (protocol 2025-11-25), the client most deployed hosts run today.
 *
 * @example
 * ```ts
 * const client = await connectLegacyClient({ transport: 'sse', url: 'http://127.0.0.1:9000/sse' });
 * ```
 */
export async function connectLegacyClient(
  options: ConnectionDefaults & (StdioTarget | UrlTarget),
): Promise<McpClientHandle> {
  const router = createElicitationRouter(options.onElicit);
  const progress = createProgressRoutes();
  const client = createLegacyClient(options.clientName, router, progress);
  forwardLogMessages(client, options.onLog);
  const server = options.transport === 'stdio' ? startStdioServer(options) : undefined;
  const stream = watchStandaloneStream(options);
  try {
    await client.connect(legacyTransport(options, server, stream.fetch));
  } catch (error) {
    await server?.stop();
    throw error;
  }
  return {
    era: '2025-11-25',
    serverCapabilities: () => ({ ...client.getServerCapabilities() }),
    ...legacyDefinitionRequests(client),
    listenForListChanges: legacyListChanges(client, stream.opened),
    listTools: () => listAllTools(client),
    callTool: legacyCallTool(client, router, progress),
    async request(method, params) {
      const result = await client.request({ method, ...(params && { params }) }, ResultSchema);
      return toPlainJson(result);
    },
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

/** `callTool` of the handle: elicitations and progress routed to the call's own callbacks. */
function legacyCallTool(
  client: Client,
  router: ElicitationRouter,
  progress: ProgressRoutes,
): McpClientHandle['callTool'] {
  return async (name, args = {}, callOptions = {}) => {
    const { signal, timeoutMs } = callOptions;
    const result = await router.during(callOptions.onElicit, () =>
      progress.during(callOptions.onProgress, (meta) =>
        client.callTool({ name, arguments: args, ...withMeta(callOptions.meta, meta) }, undefined, {
          ...(signal && { signal }),
          ...(timeoutMs !== undefined && { timeout: timeoutMs }),
        }),
      ),
    );
    return toCalledToolResult(result);
  };
}

function createLegacyClient(
  clientName: string | undefined,
  router: ElicitationRouter,
  progress: ProgressRoutes,
): Client {
  const client = new Client(
    { name: clientName ?? 'test-client', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    const { params } = request;
    if (!('requestedSchema' in params)) return { action: 'decline' };
    return router.answer({ message: params.message, requestedSchema: params.requestedSchema });
  });
  client.setNotificationHandler(ProgressNotificationSchema, (notification) => {
    progress.deliver(notification.params);
  });
  return client;
}

/**
 * Where a session's unsolicited notifications arrive is open from the start over stdio and SSE;
 * over Streamable HTTP only once the client's GET stream is (a notification sent before is
 * dropped), which `opened` tells, watching the transport's fetch.
 */
function watchStandaloneStream(target: StdioTarget | UrlTarget): {
  fetch: typeof fetch | undefined;
  opened: Promise<void>;
} {
  if (target.transport === 'stdio') return { fetch: undefined, opened: Promise.resolve() };
  if (target.transport === 'sse') return { fetch: target.fetch, opened: Promise.resolve() };
  const given = target.fetch ?? fetch;
  let streamOpened: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    streamOpened = resolve;
  });
  const watching: typeof fetch = async (input, init) => {
    const response = await given(input, init);
    if (init?.method === 'GET' && response.ok) streamOpened();
    return response;
  };
  return { fetch: watching, opened };
}

function legacyTransport(
  target: StdioTarget | UrlTarget,
  server: StdioServerProcess | undefined,
  fetch: typeof globalThis.fetch | undefined,
): Transport {
  // The stdio server transport is the SDK's newline-delimited JSON-RPC framing over any pair
  // of streams; pointed at a child's pipes it is the client end.
  if (server !== undefined) return new StdioServerTransport(server.output, server.input);
  const { url, headers } = target as UrlTarget;
  // Both transports send `requestInit.headers` on every request, the SSE stream's GET included.
  const options = {
    ...(headers && { requestInit: { headers } }),
    ...(fetch && { fetch }),
  };
  return target.transport === 'sse'
    ? new SSEClientTransport(new URL(url), options)
    : new StreamableHTTPClientTransport(new URL(url), options);
}

async function listAllTools(client: Client): Promise<ListedTool[]> {
  const tools: ListedTool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? undefined : { cursor });
    tools.push(...page.tools.map(toListedTool));
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}

/** Hands every `notifications/message` to `onLog`, as plain JSON. */
function forwardLogMessages(client: Client, onLog: ((message: LogMessage) => void) | undefined) {
  if (onLog === undefined) return;
  client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => {
    onLog(toLogMessage(params));
  });
}
