import { fileURLToPath } from 'node:url';
import { dispatchToolCalls, type ToolMessage, toOpenaiTools } from '@apcore-mcp/openai';
import { Executor, Registry } from '@apcore-mcp/runtime';
import { CANNED_COMPLETION } from './canned-completion.js';

/** The sample shop modules, the same ones `apcore-mcp` serves in the root README. */
const EXTENSIONS_DIR = fileURLToPath(new URL('../../extensions', import.meta.url));

/** What the round trip produced. */
export interface RoundtripResult {
  toolNames: string[];
  messages: ToolMessage[];
}

/** What is wrong with the answers to the canned calls (nothing, when all is well). */
export function checkMessages(messages: readonly ToolMessage[]): string[] {
  const problems: string[] = [];
  const byId = new Map(messages.map((message) => [message.tool_call_id, message.content]));
  const expectations: Record<string, (content: string) => boolean> = {
    call_lookup: (content) => JSON.parse(content).product?.name === 'Stoneware mug',
    call_order: (content) => {
      const order = JSON.parse(content);
      return /^ORD-\d+$/.test(order.orderId) && order.totalCents === 2 * 990 + 1450;
    },
    call_bad_sku: (content) => content.startsWith('Input validation failed:\n- sku: '),
    // Content answers as text: a tool message holds nothing else, so the image is a placeholder.
    call_card: (content) =>
      /^Earl Grey, 250 g: 15\.90 EUR, 35 in stock\.\n\[image: image\/png, \d+ bytes\]\n\[resource: shop:\/\/products\/TEA-011, application\/json\]\n\{/.test(
        content,
      ),
    call_unknown: (content) => content === 'Unknown tool: shop-launch_rockets',
  };
  const ids = messages.map((message) => message.tool_call_id).join(',');
  if (ids !== 'call_lookup,call_order,call_bad_sku,call_card,call_unknown') {
    problems.push(`answers out of order or missing: ${ids}`);
  }
  for (const [id, check] of Object.entries(expectations)) {
    const content = byId.get(id);
    let ok = false;
    try {
      ok = content !== undefined && check(content);
    } catch {
      ok = false;
    }
    if (!ok) problems.push(`${id} got an unexpected answer: ${content}`);
  }
  return problems;
}

/**
 * Discovers the sample modules, exports them as OpenAI tools, replays a canned model response
 * and dispatches its tool calls to the Executor; checks every answer.
 *
 * @throws Error naming every answer that is not what it should be.
 * @example
 * ```ts
 * const { messages } = await runRoundtrip();
 * ```
 */
export async function runRoundtrip(
  log: (line: string) => void = () => {},
): Promise<RoundtripResult> {
  const registry = new Registry({ extensionsDir: EXTENSIONS_DIR });
  await registry.discover();
  const executor = new Executor(registry);

  // 1. The tools you would pass as `tools:` to chat.completions.create().
  const tools = toOpenaiTools(executor, { embedAnnotations: true });
  const toolNames = tools.map((tool) => tool.function.name);
  log(`Exported ${tools.length} OpenAI tools: ${toolNames.join(', ')}`);

  // 2. The model answered with tool calls (canned here); run them through the Executor.
  const assistant = CANNED_COMPLETION.choices[0].message;
  const messages = await dispatchToolCalls(executor, assistant.tool_calls, { tools });

  // 3. These messages go back to the model, after the assistant message, in the next request.
  for (const message of messages) log(JSON.stringify(message));

  const problems = checkMessages(messages);
  if (problems.length > 0)
    throw new Error(`The round trip went wrong:\n- ${problems.join('\n- ')}`);
  log('All tool calls answered as expected.');
  return { toolNames, messages };
}
