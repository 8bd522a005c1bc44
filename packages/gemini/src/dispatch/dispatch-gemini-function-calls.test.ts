import { ACL, Executor, type ExecutorOptions } from '@apcore-mcp/runtime';
import { describe, expect, it } from 'vitest';
import approvalCalls from '../__fixtures__/approval-calls.json' with { type: 'json' };
import response from '../__fixtures__/generate-content-response.json' with { type: 'json' };
import groupedCalls from '../__fixtures__/grouped-calls.json' with { type: 'json' };
import { createShopRegistry, PNG_BASE64 } from '../__fixtures__/shop-registry.js';
import { toGeminiToolsDetailed } from '../to-gemini-tools.js';
import type { GeminiFunctionResponsePart } from '../types.js';
import {
  dispatchGeminiFunctionCalls,
  toFunctionResponseContent,
} from './dispatch-gemini-function-calls.js';

function createExecutor(options: ExecutorOptions = {}): Executor {
  return new Executor(createShopRegistry(), options);
}

function responseOf(part: GeminiFunctionResponsePart | undefined): Record<string, unknown> {
  return (part?.functionResponse.response ?? {}) as Record<string, unknown>;
}

// Recorded payloads, shaped as the function-calling guide shows them:
// https://ai.google.dev/gemini-api/docs/function-calling
describe('dispatchGeminiFunctionCalls on a recorded generateContent response', () => {
  it('answers every functionCall part in order, with its id and name, passing over text parts', async () => {
    const parts = await dispatchGeminiFunctionCalls(createExecutor(), response);
    expect(parts.map(({ functionResponse: { id, name } }) => [id, name])).toEqual([
      ['fc_lookup', 'catalog-get_product'],
      ['fc_order', 'orders-place'],
      ['fc_bad', 'orders-place'],
      ['fc_report', 'reports-stream'],
      ['fc_card', 'media-card'],
      ['fc_token', 'account-token'],
      ['fc_unknown', 'shop-launch_rockets'],
    ]);
    const [lookup, order, bad, report, card, token, unknown] = parts;
    expect(responseOf(lookup)).toEqual({
      output: { sku: 'MUG-001', name: 'Stoneware mug', priceCents: 990 },
    });
    // A null optional field is how a model leaves it out; the module's schema allows it.
    expect(responseOf(order)).toEqual({
      output: { orderId: 'ORD-1', sku: 'MUG-001', quantity: 2 },
    });
    expect(responseOf(bad).error).toMatch(/^Input validation failed:\n- quantity: /);
    expect(responseOf(bad).error).toMatch(/\n\n\{"retryable":false,/);
    expect(responseOf(report)).toEqual({ output: { january: 10, february: 20 } });
    expect(card?.functionResponse).toEqual({
      id: 'fc_card',
      name: 'media-card',
      response: { output: ['Stoneware mug, 9.90 EUR', { $ref: 'image-1.png' }] },
      parts: [
        { inlineData: { mimeType: 'image/png', data: PNG_BASE64, displayName: 'image-1.png' } },
      ],
    });
    expect(responseOf(token)).toEqual({
      output: { user: 'ada', token: '***REDACTED***', _secret_seed: '***REDACTED***' },
    });
    expect(responseOf(unknown)).toEqual({ error: 'Unknown tool: shop-launch_rockets' });
  });

  it('sends images as text placeholders with multimodalResponses: false, and secrets when asked', async () => {
    const [card, token] = await dispatchGeminiFunctionCalls(
      createExecutor(),
      response.candidates[0]?.content.parts.filter((part) =>
        ['media-card', 'account-token'].includes(part.functionCall?.name ?? ''),
      ) ?? [],
      { multimodalResponses: false, redactOutput: false },
    );
    expect(card?.functionResponse).toEqual({
      id: 'fc_card',
      name: 'media-card',
      response: { output: 'Stoneware mug, 9.90 EUR\n[image: image/png, 8 bytes]' },
    });
    expect(responseOf(token).output).toMatchObject({ token: 'tok-123' });
  });

  it('refuses what the ACL denies with "Access denied" and the guidance, never the caller', async () => {
    const acl = ACL.fromObject({
      rules: [{ callers: ['@external'], targets: ['catalog.*'], effect: 'allow' }],
    });
    const parts = await dispatchGeminiFunctionCalls(createExecutor({ acl }), response);
    expect(responseOf(parts[0]).output).toBeDefined();
    expect(responseOf(parts[1]).error).toMatch(
      /^Access denied\n\n\{"retryable":false,"aiGuidance":"[^"]+","userFixable":false\}$/,
    );
    expect(JSON.stringify(parts)).not.toMatch(/@external/);
  });

  it('runs a module that requires approval only when the approval handler approves', async () => {
    const run = async (status: 'approved' | 'rejected') => {
      const asked: string[] = [];
      const executor = createExecutor({
        approvalHandler: {
          requestApproval: ({ moduleId }) => {
            asked.push(moduleId);
            return { status };
          },
        },
      });
      const [part] = await dispatchGeminiFunctionCalls(executor, approvalCalls);
      return { asked, response: responseOf(part) };
    };
    expect(await run('approved')).toEqual({
      asked: ['admin.purge'],
      response: { output: { purged: true } },
    });
    const refused = await run('rejected');
    expect(refused.asked).toEqual(['admin.purge']);
    expect(refused.response.output).toBeUndefined();
    expect(refused.response.error).toEqual(expect.any(String));
  });

  it('answers only the offered declarations, and routes grouped functions by their action', async () => {
    const registry = createShopRegistry();
    const { functionDeclarations, groups } = toGeminiToolsDetailed(registry, {
      grouping: 'namespace',
      prefix: 'orders.',
      dropUnsupportedKeywords: true,
    });
    expect(functionDeclarations.map((declaration) => declaration.name)).toEqual(['orders']);
    const executor = new Executor(registry);
    const [placed, refunded] = await dispatchGeminiFunctionCalls(executor, groupedCalls, {
      functionDeclarations,
      ...(groups === undefined ? {} : { groups }),
    });
    expect(placed?.functionResponse).toEqual({
      name: 'orders',
      response: { output: { orderId: 'ORD-1', sku: 'TEA-010', quantity: 1 } },
    });
    expect(responseOf(refunded).error).toBe(
      '[orders] Unknown action "refund". Available actions: cancel, place. Nothing was executed.',
    );
    const [notOffered] = await dispatchGeminiFunctionCalls(executor, response, {
      functionDeclarations,
    });
    expect(responseOf(notOffered)).toEqual({ error: 'Unknown tool: catalog-get_product' });
  });

  it('wraps the answers as the next user turn, and refuses what it cannot read', async () => {
    const parts = await dispatchGeminiFunctionCalls(createExecutor(), approvalCalls);
    expect(toFunctionResponseContent(parts)).toEqual({ role: 'user', parts });
    expect(await dispatchGeminiFunctionCalls(createExecutor(), { candidates: [] })).toEqual([]);
    await expect(dispatchGeminiFunctionCalls(createExecutor(), 'x' as never)).rejects.toThrow(
      /^Expected a generateContent response/,
    );
    await expect(dispatchGeminiFunctionCalls({} as never, [])).rejects.toThrow(
      /^Expected an apcore Executor/,
    );
  });
});
