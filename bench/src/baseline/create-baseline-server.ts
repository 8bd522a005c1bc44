import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { answerCall } from '../workload/trivial-handler.js';

/**
 * The floor a bridge can reach: a low-level SDK `Server` with the tools hard-coded and the
 * trivial handler called directly — no registry, no executor, no conversion. One per connection
 * or session, like ours.
 *
 * @example
 * ```ts
 * const server = createBaselineServer(createBaselineTools(100));
 * await server.connect(transport);
 * ```
 */
export function createBaselineServer(tools: readonly Tool[]): Server {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const server = new Server(
    { name: 'baseline', version: '1.0.0' },
    { capabilities: { tools: { listChanged: false } } },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...tools] }));
  server.setRequestHandler(CallToolRequestSchema, (request): CallToolResult => {
    if (!byName.has(request.params.name)) {
      return {
        isError: true,
        content: [{ type: 'text', text: `Module not found: ${request.params.name}` }],
      };
    }
    const output = answerCall(request.params.arguments ?? {});
    return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output };
  });
  return server;
}
