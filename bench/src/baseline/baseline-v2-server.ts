/**
 * The hand-written SDK 2.x server both 2.x baselines run (over stdio and over HTTP), as source
 * text for their scripts: the tools of the JSON file named by `BASELINE_TOOLS_FILE` (already
 * inlined) and the trivial handler, on a low-level `Server`. The script imports `readFileSync`
 * and `Server` itself.
 *
 * @example
 * ```ts
 * const script = `import { Server } from '@modelcontextprotocol/server';\n${BASELINE_V2_SERVER}`;
 * ```
 */
export const BASELINE_V2_SERVER = `const tools = JSON.parse(readFileSync(process.env.BASELINE_TOOLS_FILE, 'utf8'));
const names = new Set(tools.map((tool) => tool.name));
const answerCall = (inputs) => ({ ok: true, id: String(inputs.id) });

function createMcpServer() {
  const server = new Server(
    { name: 'baseline', version: '1.0.0' },
    { capabilities: { tools: { listChanged: false } } },
  );
  server.setRequestHandler('tools/list', () => ({ tools }));
  server.setRequestHandler('tools/call', (request) => {
    if (!names.has(request.params.name)) {
      return { isError: true, content: [{ type: 'text', text: 'Module not found: ' + request.params.name }] };
    }
    const output = answerCall(request.params.arguments ?? {});
    return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output };
  });
  return server;
}
`;
