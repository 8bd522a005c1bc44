import { fileURLToPath } from 'node:url';
import {
  dispatchGeminiFunctionCalls,
  type GeminiFunctionResponsePart,
  toFunctionResponseContent,
  toGeminiToolsDetailed,
} from '@apcore-mcp/gemini';
import { Executor, Registry } from '@apcore-mcp/runtime';
import response from './__fixtures__/generate-content-response.json' with { type: 'json' };

/** The sample shop modules, the same ones `apcore-mcp` serves in the root README. */
const EXTENSIONS_DIR = fileURLToPath(new URL('../../extensions', import.meta.url));

/** What the round trip produced. */
export interface RoundtripResult {
  functionNames: string[];
  parts: GeminiFunctionResponsePart[];
}

type Response = Record<string, unknown>;

/** What is wrong with the answers to the recorded calls (nothing, when all is well). */
export function checkResponses(parts: readonly GeminiFunctionResponsePart[]): string[] {
  const problems: string[] = [];
  const byId = new Map(
    parts.map(({ functionResponse }) => [functionResponse.id, functionResponse]),
  );
  const expectations: Record<
    string,
    (answer: GeminiFunctionResponsePart['functionResponse']) => boolean
  > = {
    fc_lookup: ({ response }) =>
      ((response as Response).output as Response).product !== undefined &&
      JSON.stringify(response).includes('"name":"Stoneware mug"'),
    fc_order: ({ response }) => {
      const order = (response as Response).output as Response;
      return /^ORD-\d+$/.test(String(order.orderId)) && order.totalCents === 2 * 990 + 1450;
    },
    fc_bad_sku: ({ response }) =>
      String((response as Response).error).startsWith('Input validation failed:\n- sku: '),
    // Gemini 3 reads images in function responses: the picture goes as a part, the output points at it.
    fc_card: ({ response, parts: images }) => {
      const output = (response as Response).output;
      return (
        Array.isArray(output) &&
        /^Earl Grey, 250 g: 15\.90 EUR, 35 in stock\.$/.test(String(output[0])) &&
        JSON.stringify(output[1]) === '{"$ref":"image-1.png"}' &&
        images?.[0]?.inlineData.mimeType === 'image/png' &&
        images[0].inlineData.displayName === 'image-1.png'
      );
    },
    fc_unknown: ({ response }) =>
      (response as Response).error === 'Unknown tool: shop-launch_rockets',
  };
  const ids = parts.map(({ functionResponse }) => functionResponse.id).join(',');
  if (ids !== 'fc_lookup,fc_order,fc_bad_sku,fc_card,fc_unknown') {
    problems.push(`answers out of order or missing: ${ids}`);
  }
  for (const [id, check] of Object.entries(expectations)) {
    const answer = byId.get(id);
    let ok = false;
    try {
      ok = answer !== undefined && check(answer);
    } catch {
      ok = false;
    }
    if (!ok) problems.push(`${id} got an unexpected answer: ${JSON.stringify(answer?.response)}`);
  }
  return problems;
}

/**
 * Discovers the sample modules, declares them as Gemini functions, replays a recorded
 * `generateContent` response and dispatches its function calls to the Executor; checks every
 * answer.
 *
 * @throws Error naming every answer that is not what it should be.
 * @example
 * ```ts
 * const { parts } = await runRoundtrip();
 * ```
 */
export async function runRoundtrip(
  log: (line: string) => void = () => {},
): Promise<RoundtripResult> {
  const registry = new Registry({ extensionsDir: EXTENSIONS_DIR });
  await registry.discover();
  const executor = new Executor(registry);

  // 1. The declarations for `config.tools: [{ functionDeclarations }]`. Constraints Gemini's
  //    schema subset lacks (a `pattern`, a `minLength`) are left out of what the model sees;
  //    the Executor still checks them, as the bad SKU below shows.
  const { functionDeclarations, skipped } = toGeminiToolsDetailed(executor, {
    embedAnnotations: true,
  });
  const functionNames = functionDeclarations.map((declaration) => declaration.name);
  log(`Declared ${functionNames.length} Gemini functions: ${functionNames.join(', ')}`);
  for (const { moduleId, reasons } of skipped) log(`Left out ${moduleId}: ${reasons.join('; ')}`);

  // 2. The model answered with function calls (recorded here); run them through the Executor.
  const parts = await dispatchGeminiFunctionCalls(executor, response, { functionDeclarations });

  // 3. The model's turn and this user turn go back to the model in the next request.
  log(JSON.stringify(toFunctionResponseContent(parts)));

  const problems = checkResponses(parts);
  if (problems.length > 0)
    throw new Error(`The round trip went wrong:\n- ${problems.join('\n- ')}`);
  log('All function calls answered as expected.');
  return { functionNames, parts };
}
