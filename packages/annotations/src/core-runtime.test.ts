import { defineModule } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { describe, expect, test } from 'vitest';
import { toDescriptionSuffix } from './to-description-suffix.js';
import { toMcpAnnotations } from './to-mcp-annotations.js';
import { toToolMeta } from './to-tool-meta.js';

describe('with the apcore runtime of @apcore-mcp/core', () => {
  test("a registered module's annotations map to MCP hints, _meta and the suffix", () => {
    const registry = new Registry();
    registry.register(
      'user.delete',
      defineModule({
        description: 'Delete a user',
        inputSchema: {},
        annotations: { destructive: true, requiresApproval: true },
        execute: () => ({}),
      }),
    );
    registry.register(
      'user.get',
      defineModule({ description: 'Get a user', inputSchema: {}, execute: () => ({}) }),
    );
    const deleting = registry.getDefinition('user.delete')!.annotations;
    const reading = registry.getDefinition('user.get')!.annotations;

    expect(toMcpAnnotations(deleting)).toStrictEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(toToolMeta(deleting)).toStrictEqual({
      'apcore/requiresApproval': true,
      'apcore/streaming': false,
    });
    expect(toDescriptionSuffix(deleting)).toBe(
      '\n\n[Annotations: destructive=true, requires_approval=true]',
    );
    expect(toDescriptionSuffix(reading)).toBe('');
  });
});
