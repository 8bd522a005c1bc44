import { fileURLToPath } from 'node:url';
import {
  type AnthropicToolResultBlock,
  type AnthropicToolResultMessage,
  dispatchAnthropicToolUse,
  toAnthropicTools,
  toToolResultMessage,
} from '@apcore-mcp/anthropic';
import { Executor, Registry } from '@apcore-mcp/runtime';
import { RECORDED_MESSAGE } from './recorded-message.js';

/** The sample shop modules, the same ones `apcore-mcp` serves in the root README. */
const EXTENSIONS_DIR = fileURLToPath(new URL('../../extensions', import.meta.url));

/** What the round trip produced. */
export interface RoundtripResult {
  toolNames: string[];
  /** The user message that carries the tool results back to Claude. */
  message: AnthropicToolResultMessage;
}

function textOf(block: AnthropicToolResultBlock): string {
  return (block.content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

const EXPECTATIONS: Record<string, (block: AnthropicToolResultBlock) => boolean> = {
  toolu_lookup: (block) =>
    block.is_error === undefined && JSON.parse(textOf(block)).product?.name === 'Stoneware mug',
  toolu_order: (block) => {
    const order = JSON.parse(textOf(block));
    return /^ORD-\d+$/.test(order.orderId) && order.totalCents === 2 * 990 + 1450;
  },
  toolu_bad_sku: (block) =>
    block.is_error === true && textOf(block).startsWith('Input validation failed:\n- sku: '),
  // Content answers keep their image as an image block; the resource is described in text.
  toolu_card: (block) => {
    const [caption, picture, resource] = block.content ?? [];
    return (
      caption?.type === 'text' &&
      caption.text === 'Earl Grey, 250 g: 15.90 EUR, 35 in stock.' &&
      picture?.type === 'image' &&
      picture.source.media_type === 'image/png' &&
      picture.source.data.length > 0 &&
      resource?.type === 'text' &&
      resource.text.startsWith('[resource: shop://products/TEA-011, application/json]')
    );
  },
  toolu_unknown: (block) =>
    block.is_error === true && textOf(block) === 'Unknown tool: shop-launch_rockets',
};

/** What is wrong with the results for the recorded tool_use blocks (nothing, when all is well). */
export function checkResults(results: readonly AnthropicToolResultBlock[]): string[] {
  const problems: string[] = [];
  const ids = results.map((block) => block.tool_use_id).join(',');
  if (ids !== Object.keys(EXPECTATIONS).join(',')) {
    problems.push(`results out of order or missing: ${ids}`);
  }
  for (const [id, check] of Object.entries(EXPECTATIONS)) {
    const block = results.find((result) => result.tool_use_id === id);
    let ok = false;
    try {
      ok = block !== undefined && block.type === 'tool_result' && check(block);
    } catch {
      ok = false;
    }
    if (!ok) problems.push(`${id} got an unexpected result: ${JSON.stringify(block)}`);
  }
  return problems;
}

/**
 * Discovers the sample modules, exports them as Anthropic tools, replays a recorded Messages
 * API response and dispatches its tool_use blocks to the Executor; checks every result.
 *
 * @throws Error naming every result that is not what it should be.
 * @example
 * ```ts
 * const { message } = await runRoundtrip();
 * ```
 */
export async function runRoundtrip(
  log: (line: string) => void = () => {},
): Promise<RoundtripResult> {
  const registry = new Registry({ extensionsDir: EXTENSIONS_DIR });
  await registry.discover();
  const executor = new Executor(registry);

  // 1. The tools you would pass as `tools:` to messages.create(), cached as one prompt prefix.
  const tools = toAnthropicTools(executor, {
    embedAnnotations: true,
    cacheControl: { type: 'ephemeral' },
  });
  const toolNames = tools.map((tool) => tool.name);
  log(`Exported ${tools.length} Anthropic tools: ${toolNames.join(', ')}`);

  // 2. Claude answered with tool_use blocks (recorded here); run them through the Executor.
  const results = await dispatchAnthropicToolUse(executor, RECORDED_MESSAGE, { tools });

  // 3. This user message goes back to Claude, after the assistant message, in the next request.
  const message = toToolResultMessage(results);
  for (const block of results) log(JSON.stringify(block).slice(0, 240));

  const problems = checkResults(results);
  if (problems.length > 0)
    throw new Error(`The round trip went wrong:\n- ${problems.join('\n- ')}`);
  log('All tool_use blocks answered as expected.');
  return { toolNames, message };
}
