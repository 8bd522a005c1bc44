import { defineModule } from '@apcore-mcp/core';
import { ACL, Executor, Registry } from '@apcore-mcp/runtime';
import { McpServer, Server } from '@modelcontextprotocol/server';

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
export function createHighLevelHost(): McpServer {
  const host = new McpServer({ name: 'host-app', version: '1.0.0' });
  host.registerTool('ping', { description: 'Answers pong.' }, () => PONG);
  return host;
}

/** The application's own low-level server, with its own tools/list and tools/call handlers. */
export function createLowLevelHost(): Server {
  const host = new Server({ name: 'host-app', version: '1.0.0' }, { capabilities: { tools: {} } });
  host.setRequestHandler('tools/list', () => ({
    tools: [{ name: 'ping', description: 'Answers pong.', inputSchema: { type: 'object' } }],
  }));
  host.setRequestHandler('tools/call', (request) => {
    if (request.params.name === 'ping') return PONG;
    return {
      content: [{ type: 'text', text: `host: no tool ${request.params.name}` }],
      isError: true,
    };
  });
  return host;
}
