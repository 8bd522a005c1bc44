import { inputRequired, inputResponse, ProtocolError, Server } from '@modelcontextprotocol/server';

/** Calls of `wait` that saw their cancellation, with the reason the server got. */
export const cancellations: string[] = [];

const OBJECT = { type: 'object' } as const;

const TOOLS = [
  { name: 'echo', description: 'Answers its text', inputSchema: OBJECT },
  { name: 'count', description: 'Reports three progress steps', inputSchema: OBJECT },
  { name: 'wait', description: 'Runs until cancelled', inputSchema: OBJECT },
  { name: 'ask', description: 'Asks the user for a name', inputSchema: OBJECT },
];

const NAME_FORM = {
  message: 'Your name?',
  requestedSchema: {
    type: 'object' as const,
    properties: { name: { type: 'string' as const } },
    required: ['name'],
  },
};

/**
 * A minimal server written straight on the 2.x SDK, the same handlers for both eras; `era` is
 * what the serving entry says it is serving, echoed back so tests see which lane answered.
 */
export function buildTinyServer(era: string): Server {
  const server = new Server({ name: 'tiny', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', () => ({ tools: TOOLS }));
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const args = request.params.arguments ?? {};
    switch (request.params.name) {
      case 'echo':
        return { content: [{ type: 'text', text: `${era}:${String(args.text)}` }] };
      case 'count': {
        const progressToken = ctx.mcpReq._meta?.progressToken;
        if (progressToken !== undefined) {
          for (const progress of [1, 2, 3]) {
            await ctx.mcpReq.notify({
              method: 'notifications/progress',
              params: { progressToken, progress, total: 3, message: `step ${progress}` },
            });
          }
        }
        return { content: [{ type: 'text', text: 'counted' }] };
      }
      case 'wait': {
        // Says it has started, so a test can cancel it without guessing when.
        const progressToken = ctx.mcpReq._meta?.progressToken;
        if (progressToken !== undefined) {
          await ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: { progressToken, progress: 0, message: 'waiting' },
          });
        }
        await new Promise<void>((resolve) => {
          const signal = ctx.mcpReq.signal;
          const onAbort = () => {
            cancellations.push(`${era}:${String(signal.reason)}`);
            resolve();
          };
          if (signal.aborted) onAbort();
          else signal.addEventListener('abort', onAbort, { once: true });
        });
        return { content: [{ type: 'text', text: 'cancelled' }] };
      }
      case 'ask': {
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'who');
        if (answer.kind === 'missing') {
          return inputRequired({ inputRequests: { who: inputRequired.elicit(NAME_FORM) } });
        }
        const text =
          answer.kind === 'elicit' && answer.action === 'accept'
            ? `hello ${String(answer.content?.name)}`
            : `no name (${answer.kind === 'elicit' ? answer.action : answer.kind})`;
        return { content: [{ type: 'text', text }] };
      }
      default:
        throw new ProtocolError(-32602, `unknown tool ${request.params.name}`);
    }
  });
  return server;
}
