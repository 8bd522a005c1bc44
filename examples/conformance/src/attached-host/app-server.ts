import type { Registry } from '@apcore-mcp/runtime';
import { type AttachOptions, attachToServer } from '@apcore-mcp/server';
import type { CallStateCodec } from '@apcore-mcp/server/protocol';
import { McpServer } from '@modelcontextprotocol/server';

/** The name of the application's own tool, served beside the attached modules. */
export const HOST_TOOL = 'host_status';

/**
 * The application's own `McpServer` with a tool of its own and `registry` attached beside it
 * (`attachToServer`, with `options`), as an application serving a registry from its server
 * builds it. The attachment ends when the SDK is done with the server: its connection closed,
 * or the server closed without ever connecting (the SDK does that for a `subscriptions/listen`).
 *
 * @example
 * ```ts
 * const handler = createMcpHandler(() => createAppServer(registry, { prompts }, { verify }));
 * ```
 */
export async function createAppServer(
  registry: Registry,
  options: AttachOptions,
  requestState: { verify: CallStateCodec['verify'] },
): Promise<McpServer> {
  const server = new McpServer({ name: 'conformance-host', version: '1.0.0' }, { requestState });
  server.registerTool(
    HOST_TOOL,
    { description: "The host application's own tool: says it is up." },
    () => ({ content: [{ type: 'text', text: 'up' }] }),
  );
  const attached = await attachToServer(server, registry, options);
  server.server.onclose = () => attached.detach();
  const close = server.close.bind(server);
  // An unconnected server has no connection to close, so no onclose: detach here too.
  server.close = async () => {
    attached.detach();
    await close();
  };
  return server;
}
