import { defineModule } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { describe, expect, it } from 'vitest';
import { ANTHROPIC_DOCS } from './anthropic-rules.js';
import { checkAnthropicTool } from './check-anthropic-tool.js';
import { toAnthropicToolsDetailed } from './to-anthropic-tools.js';

const { defineTools, schemaLimitations } = ANTHROPIC_DOCS;

const object = (properties: Record<string, unknown>) => ({ type: 'object', properties });

describe("Anthropic's name rule and strict tool use's request limits", () => {
  it(`refuses a tool name outside ^[a-zA-Z0-9_-]{1,64}$ (${defineTools})`, () => {
    const input_schema = { type: 'object' as const, properties: {} };
    const rules = (name: string) =>
      checkAnthropicTool({ name, description: '', input_schema }).map(
        (violation) => violation.rule,
      );
    expect(rules('a'.repeat(65))).toEqual(['invalid-name']);
    expect(rules('image.resize')).toEqual(['invalid-name']);
    expect(rules('')).toEqual(['invalid-name']);
    expect(rules('a'.repeat(64))).toEqual([]);
  });

  it('keeps a long module id within the name rule (a readable head and a hash)', () => {
    const id = `reports.${'quarterly_'.repeat(8)}summary`;
    const registry = new Registry();
    registry.register(
      id,
      defineModule({ description: 'Long', inputSchema: {}, execute: () => ({}) }),
    );
    const [tool] = toAnthropicToolsDetailed(registry).tools;
    expect(tool?.name.length).toBeLessThanOrEqual(64);
    expect(tool?.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });

  it(
    'keeps a strict request within 20 strict tools, skipping the tools past it (' +
      schemaLimitations +
      ')',
    () => {
      const registry = new Registry();
      for (let index = 0; index < 21; index += 1) {
        registry.register(
          `batch.step${String(index).padStart(2, '0')}`,
          defineModule({ description: 'Step', inputSchema: {}, execute: () => ({}) }),
        );
      }
      const { tools, skipped } = toAnthropicToolsDetailed(registry, { strict: true });
      expect(tools).toHaveLength(20);
      expect(skipped.map((entry) => entry.moduleId)).toEqual(['batch.step20']);
      expect(skipped[0]?.reasons[0]).toMatch(/20 strict tools/);
    },
  );

  it("counts optional parameters across the request's strict tools", () => {
    const registry = new Registry();
    const twenty = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`f${i}`, { type: 'string' }]),
    );
    registry.register(
      'a.first',
      defineModule({ description: 'A', inputSchema: object(twenty), execute: () => ({}) }),
    );
    registry.register(
      'a.second',
      defineModule({ description: 'B', inputSchema: object(twenty), execute: () => ({}) }),
    );
    const { tools, skipped } = toAnthropicToolsDetailed(registry, { strict: true });
    expect(tools.map((tool) => tool.name)).toEqual(['a-first']);
    expect(skipped[0]?.reasons[0]).toMatch(
      /would bring the request to 40; strict tool use allows 24/,
    );
  });
});
