// Typed against the official SDK's request and response types (types only: nothing of
// `@google/genai` is loaded at run time). `pnpm run typecheck` checks this file.
import { Executor } from '@apcore-mcp/runtime';
import type {
  Content,
  FunctionCall,
  FunctionDeclaration,
  GenerateContentResponse,
  Part,
  Schema,
  Tool,
  Type,
} from '@google/genai';
import { describe, expect, it } from 'vitest';
import { createShopRegistry } from './__fixtures__/shop-registry.js';
import {
  dispatchGeminiFunctionCalls,
  toFunctionResponseContent,
} from './dispatch/dispatch-gemini-function-calls.js';
import { toGeminiToolList, toGeminiTools } from './to-gemini-tools.js';
import type { GeminiOpenApiFunctionDeclaration, GeminiSchema } from './types.js';

/**
 * The SDK's `Schema` with its `Type` enum widened to the enum's values: TypeScript never lets
 * a string literal stand for a string enum, so this is the closest check of `parameters`.
 */
type WithTypeValues<S> = {
  [K in keyof S]: K extends 'type'
    ? `${Type}`
    : S[K] extends Schema | undefined
      ? WithTypeValues<NonNullable<S[K]>>
      : S[K] extends Schema[] | undefined
        ? WithTypeValues<Schema>[]
        : S[K] extends Record<string, Schema> | undefined
          ? Record<string, WithTypeValues<Schema>>
          : S[K];
};

describe('the SDK’s types', () => {
  it('take the declarations as FunctionDeclaration[] and Tool[]', () => {
    const registry = createShopRegistry();
    const declarations: FunctionDeclaration[] = toGeminiTools(registry, {
      dropUnsupportedKeywords: true,
    });
    const tools: Tool[] = toGeminiToolList(registry, { dropUnsupportedKeywords: true });
    expect(declarations.map((declaration) => declaration.name)).toContain('orders-place');
    expect(tools).toEqual([{ functionDeclarations: declarations }]);
  });

  it('take `parameters` as a Schema but for the nominal Type enum', () => {
    const declarations: GeminiOpenApiFunctionDeclaration[] = toGeminiTools(createShopRegistry(), {
      schemaField: 'parameters',
      dropUnsupportedKeywords: true,
    });
    const ours: GeminiSchema[] = declarations.map((entry) => entry.parameters);
    const schemas: WithTypeValues<Schema>[] = ours;
    // What a user writes to hand them to the SDK: the values are the enum's.
    const forSdk = declarations as FunctionDeclaration[];
    expect(schemas).toHaveLength(forSdk.length);
    expect(schemas.every((schema) => schema.type === 'OBJECT')).toBe(true);
  });

  it('read a GenerateContentResponse, its Content, its parts or its functionCalls, and answer with Part[]', async () => {
    const executor = new Executor(createShopRegistry());
    const call: FunctionCall = {
      id: 'fc_1',
      name: 'catalog-get_product',
      args: { sku: 'MUG-001' },
    };
    const content: Content = { role: 'model', parts: [{ functionCall: call }] };
    const response = { candidates: [{ content }] } as GenerateContentResponse;
    const calls: FunctionCall[] = [call];
    const parts: Part[] = await dispatchGeminiFunctionCalls(executor, response);
    const fromContent: Part[] = await dispatchGeminiFunctionCalls(executor, content);
    const fromParts: Part[] = await dispatchGeminiFunctionCalls(executor, content.parts ?? []);
    const fromCalls: Part[] = await dispatchGeminiFunctionCalls(executor, calls);
    const next: Content = toFunctionResponseContent(
      await dispatchGeminiFunctionCalls(executor, response),
    );
    expect(fromContent).toEqual(parts);
    expect(fromParts).toEqual(parts);
    expect(fromCalls).toEqual(parts);
    expect(next).toEqual({ role: 'user', parts });
    expect(parts[0]?.functionResponse?.response).toEqual({
      output: { sku: 'MUG-001', name: 'Stoneware mug', priceCents: 990 },
    });
  });
});
