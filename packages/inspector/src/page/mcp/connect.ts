import {
  Client,
  type LoggingMessageNotification,
  SSEClientTransport,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import type { InspectorPageConfig } from '../../page-config.js';
import type { QuestionQueue } from './questions.js';

/** Which list the server said changed. */
export type ListKind = 'tools' | 'prompts' | 'resources';

/**
 * What the page hands the connection: the config, the token (memory only), and where server
 * events go.
 *
 * @example
 * ```ts
 * const client = await connectToServer({ config, token, questions, onListChanged, onLog });
 * ```
 */
export interface ConnectOptions {
  config: InspectorPageConfig;
  token: string | undefined;
  questions: QuestionQueue;
  onListChanged(kind: ListKind): void;
  onLog(params: LoggingMessageNotification['params']): void;
}

/**
 * Connects the SDK's browser client to the page's own server, as an agent would: Streamable
 * HTTP negotiating the newest revision it can (2026-07-28 with our server), or legacy SSE;
 * with the bearer token on every request; answering the server's questions through the page.
 *
 * @example
 * ```ts
 * const client = await connectToServer(options);
 * const { tools } = await client.listTools();
 * ```
 */
export async function connectToServer(options: ConnectOptions): Promise<Client> {
  const { config, token } = options;
  // Relative to the page, so a server mounted under a sub-path is reached under it too.
  const url = new URL(config.endpoint, window.location.href);
  const authProvider = token === undefined ? undefined : { token: async () => token };
  const transport =
    config.transport === 'sse'
      ? new SSEClientTransport(url, authProvider === undefined ? {} : { authProvider })
      : new StreamableHTTPClientTransport(url, authProvider === undefined ? {} : { authProvider });
  const changed = (kind: ListKind) => ({
    autoRefresh: false,
    onChanged: () => options.onListChanged(kind),
  });
  const client = new Client(
    { name: 'apcore-mcp-inspector', version: '0.1.0' },
    {
      capabilities: { elicitation: { form: {} } },
      ...(config.transport === 'sse' ? {} : { versionNegotiation: { mode: 'auto' as const } }),
      listChanged: {
        tools: changed('tools'),
        prompts: changed('prompts'),
        resources: changed('resources'),
      },
    },
  );
  client.setRequestHandler('elicitation/create', (request) =>
    options.questions.ask(request.params),
  );
  client.setNotificationHandler('notifications/message', (notification) =>
    options.onLog(notification.params),
  );
  await client.connect(transport);
  // A 2025-11-25 session sends log messages once asked for a level; 2026-07-28 requests carry
  // theirs (CALL_LOG_LEVEL_META).
  if (isLegacySession(client) && client.getServerCapabilities()?.logging !== undefined) {
    await client.setLoggingLevel('debug');
  }
  return client;
}

/**
 * What a 2026-07-28 call carries in its `_meta` so the server sends every log message of the
 * call: the level is per request there.
 *
 * @example
 * ```ts
 * await client.callTool({ name, arguments: args, _meta: CALL_LOG_LEVEL_META });
 * ```
 */
export const CALL_LOG_LEVEL_META = { 'io.modelcontextprotocol/logLevel': 'debug' } as const;

function isLegacySession(client: Client): boolean {
  return client.getNegotiatedProtocolVersion() === '2025-11-25';
}
