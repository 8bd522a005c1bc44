import { ToolSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, test } from 'vitest';
import {
  ANNOTATION_META_PREFIX,
  REQUIRES_APPROVAL_META_KEY,
  STREAMING_META_KEY,
  toToolMeta,
} from './to-tool-meta.js';

describe('toToolMeta', () => {
  test('both apcore facts are always present, false by default', () => {
    expect(toToolMeta(null)).toStrictEqual({
      'apcore/requiresApproval': false,
      'apcore/streaming': false,
    });
    expect(toToolMeta({ readonly: true })).toStrictEqual({
      'apcore/requiresApproval': false,
      'apcore/streaming': false,
    });
  });

  test('requiresApproval and streaming are carried', () => {
    expect(toToolMeta({ requiresApproval: true, streaming: true })).toStrictEqual({
      'apcore/requiresApproval': true,
      'apcore/streaming': true,
    });
  });

  test('the key constants', () => {
    expect(ANNOTATION_META_PREFIX).toBe('apcore/');
    expect(REQUIRES_APPROVAL_META_KEY).toBe('apcore/requiresApproval');
    expect(STREAMING_META_KEY).toBe('apcore/streaming');
  });

  test('the keys follow the MCP _meta key format (prefix/name)', () => {
    // From the MCP specification: an optional prefix of dot-separated labels ending in "/",
    // then a name that starts and ends with an alphanumeric character.
    const metaKey =
      /^(?:[a-zA-Z](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\.[a-zA-Z](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*\/)?[a-zA-Z0-9](?:[a-zA-Z0-9._-]*[a-zA-Z0-9])?$/;
    for (const key of Object.keys(toToolMeta(null))) expect(key).toMatch(metaKey);
  });

  test('an MCP tool carrying them passes the SDK Tool schema, _meta intact', () => {
    const tool = {
      name: 'image.resize',
      inputSchema: { type: 'object' as const, properties: {} },
      _meta: toToolMeta({ requiresApproval: true }),
    };
    expect(ToolSchema.parse(tool)._meta).toStrictEqual({
      'apcore/requiresApproval': true,
      'apcore/streaming': false,
    });
  });
});
