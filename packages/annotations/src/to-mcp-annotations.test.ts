import type { ModuleAnnotations } from '@apcore-mcp/core';
import {
  type ToolAnnotations as SdkToolAnnotations,
  ToolAnnotationsSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, expectTypeOf, test } from 'vitest';
import { toMcpAnnotations } from './to-mcp-annotations.js';
import type { ToolAnnotations } from './tool-annotations.js';

const DEFAULTS: ModuleAnnotations = {
  readonly: false,
  destructive: false,
  idempotent: false,
  requiresApproval: false,
  openWorld: true,
  streaming: false,
};

const MCP_DEFAULTS = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: true,
};

describe('toMcpAnnotations', () => {
  test.each([
    ['FR-ANNOT-001', 'destructive', 'destructiveHint'],
    ['FR-ANNOT-002', 'readonly', 'readOnlyHint'],
    ['FR-ANNOT-003', 'idempotent', 'idempotentHint'],
    ['FR-ANNOT-004', 'openWorld', 'openWorldHint'],
  ] as const)('%s: %s maps to %s, true and false', (_fr, flag, hint) => {
    for (const value of [true, false]) {
      const hints = toMcpAnnotations({ ...DEFAULTS, [flag]: value });
      expect(hints[hint]).toBe(value);
    }
  });

  test('FR-ANNOT-005: null and undefined give the MCP defaults, openWorldHint true', () => {
    expect(toMcpAnnotations(null)).toStrictEqual(MCP_DEFAULTS);
    expect(toMcpAnnotations(undefined)).toStrictEqual(MCP_DEFAULTS);
    expect(toMcpAnnotations(DEFAULTS)).toStrictEqual(MCP_DEFAULTS);
  });

  test('all flags set', () => {
    expect(
      toMcpAnnotations({
        readonly: true,
        destructive: true,
        idempotent: true,
        requiresApproval: true,
        openWorld: false,
        streaming: true,
      }),
    ).toStrictEqual({
      readOnlyHint: true,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: false,
    });
  });

  test('every hint is always present, so clients never assume destructiveHint: true', () => {
    expect(Object.keys(toMcpAnnotations({ readonly: true }))).toStrictEqual([
      'readOnlyHint',
      'destructiveHint',
      'idempotentHint',
      'openWorldHint',
    ]);
  });

  test('partial and foreign annotations: missing or non-boolean fields take defaults', () => {
    expect(toMcpAnnotations({ destructive: true })).toStrictEqual({
      ...MCP_DEFAULTS,
      destructiveHint: true,
    });
    expect(
      toMcpAnnotations({ readonly: 'yes', openWorld: 0 } as Record<string, unknown>),
    ).toStrictEqual(MCP_DEFAULTS);
    expect(toMcpAnnotations({ open_world: false })).toStrictEqual({
      ...MCP_DEFAULTS,
      openWorldHint: false,
    });
    expect(toMcpAnnotations('readonly' as unknown as null)).toStrictEqual(MCP_DEFAULTS);
  });

  test('the camelCase spelling wins over snake_case when both are present', () => {
    expect(toMcpAnnotations({ openWorld: true, open_world: false }).openWorldHint).toBe(true);
  });

  test('title is added when given, first', () => {
    const hints = toMcpAnnotations({ readonly: true }, { title: 'Resize image' });
    expect(hints).toStrictEqual({ title: 'Resize image', ...MCP_DEFAULTS, readOnlyHint: true });
    expect(Object.keys(hints)[0]).toBe('title');
    expect(toMcpAnnotations(null, { title: '' })).not.toHaveProperty('title');
  });

  test('apcore-only facts never leak into the MCP hints', () => {
    const hints = toMcpAnnotations({
      ...DEFAULTS,
      requiresApproval: true,
      streaming: true,
      cacheable: true,
    });
    expect(hints).toStrictEqual(MCP_DEFAULTS);
  });

  test('the result is the SDK ToolAnnotations type and passes its schema', () => {
    expectTypeOf<ToolAnnotations>().toExtend<SdkToolAnnotations>();
    const hints: SdkToolAnnotations = toMcpAnnotations({ idempotent: true }, { title: 'T' });
    expect(ToolAnnotationsSchema.strict().parse(hints)).toStrictEqual(hints);
  });
});
