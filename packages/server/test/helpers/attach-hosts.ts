import { defineModule } from '@apcore-mcp/core';
import { ACL, Executor, Registry } from '@apcore-mcp/runtime';
import {
  McpServer,
  type McpServerOptions,
  Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { type AttachedTools, type AttachOptions, attachToServer } from '../../src/index.js';

/** The attachment each low-level host serves the registry's tools from. */
const attachments = new WeakMap<Server, AttachedTools>();

/**
 * `attachToServer`, and for a low-level host, hands the attachment to the host's own
 * `tools/list` and `tools/call`, which serve ours through `attached.handle` as an application
 * would.
 */
export async function attachTo(
  host: McpServer | Server,
  target: Parameters<typeof attachToServer>[1],
  options?: AttachOptions,
): Promise<AttachedTools> {
  const attached = await attachToServer(host, target, options);
  if (host instanceof Server) attachments.set(host, attached);
  return attached;
}

/** Ours to answer: attached and not yet detached. */
function oursOf(host: Server): AttachedTools | undefined {
  const attached = attachments.get(host);
  return attached === undefined || attached.tools.length === 0 ? undefined : attached;
}

/** Two modules, one denied to everyone by the ACL; one with documentation. */
export function createExecutor(): { registry: Registry; executor: Executor } {
  const registry = new Registry();
  registry.register(
    'math.add',
    defineModule({
      description: 'Adds two numbers.',
      documentation: '# math.add\nAdds a and b.',
      ui: { html: '<p>math.add</p>' },
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
      execute: (inputs) => ({ sum: (inputs.a as number) + (inputs.b as number) }),
    }),
  );
  registry.register(
    'admin.wipe',
    defineModule({
      description: 'Wipes everything.',
      inputSchema: { type: 'object', properties: {} },
      annotations: { destructive: true },
      execute: () => ({ wiped: true }),
    }),
  );
  const acl = new ACL([{ callers: ['@external'], targets: ['math.*'], effect: 'allow' }], 'deny');
  return { registry, executor: new Executor(registry, { acl }) };
}

const PONG = { content: [{ type: 'text' as const, text: 'pong' }] };

/** The application's own high-level server, with a tool of its own. */
export function createHighLevelHost(options?: McpServerOptions): McpServer {
  const host = new McpServer({ name: 'host-app', version: '1.0.0' }, options);
  host.registerTool('ping', { description: 'Answers pong.' }, () => PONG);
  return host;
}

/** The application's own low-level server, with its own tools/list and tools/call handlers. */
export function createLowLevelHost(): Server {
  const host = new Server({ name: 'host-app', version: '1.0.0' }, { capabilities: { tools: {} } });
  const ping = {
    name: 'ping',
    description: 'Answers pong.',
    inputSchema: { type: 'object' as const },
  };
  host.setRequestHandler('tools/list', async (request, ctx: ServerContext) => {
    const ours = oursOf(host);
    const theirs = ours === undefined ? [] : (await ours.handle(request, ctx)).tools;
    return { tools: [ping, ...(theirs as (typeof ping)[])] };
  });
  host.setRequestHandler('tools/call', async (request, ctx: ServerContext) => {
    const { name } = request.params;
    if (name === 'ping') return PONG;
    const ours = oursOf(host);
    if (ours?.tools.some((tool) => tool.name === name)) {
      return (await ours.handle(request, ctx)) as typeof PONG;
    }
    return { content: [{ type: 'text', text: `host: no tool ${name}` }], isError: true };
  });
  return host;
}
