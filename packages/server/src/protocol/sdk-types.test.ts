import type { ToolErrorResult } from '@apcore-mcp/errors';
import { CallToolResultSchema, ToolSchema } from '@modelcontextprotocol/core';
import type * as V1 from '@modelcontextprotocol/sdk/types.js';
import type * as V2 from '@modelcontextprotocol/server';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { McpReadResourceResult, McpResource } from '../kernel/mcp-resource.js';
import type { McpTool } from '../kernel/mcp-tool.js';
import type { ToolCallResult } from '../kernel/tool-call-result.js';
import { toSuccessResult } from '../kernel/tool-result.js';

const tool: McpTool = {
  name: 'math-add',
  title: 'Add',
  inputSchema: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
  outputSchema: { type: 'object', properties: { sum: { type: 'number' } } },
  annotations: { readOnlyHint: true },
  _meta: { 'apcore/moduleId': 'math.add' },
};

describe('our protocol types against both SDK majors', () => {
  it('assign to the 2.x and 1.x types they stand for', () => {
    expectTypeOf<McpTool>().toExtend<V2.Tool>();
    expectTypeOf<McpTool>().toExtend<V1.Tool>();
    expectTypeOf<ToolCallResult>().toExtend<V2.CallToolResult>();
    expectTypeOf<ToolCallResult>().toExtend<V1.CallToolResult>();
    expectTypeOf<ToolErrorResult>().toExtend<ToolCallResult>();
    expectTypeOf<McpResource>().toExtend<V2.Resource>();
    expectTypeOf<McpReadResourceResult>().toExtend<V2.ReadResourceResult>();
  });

  it('pass the 2.x schemas unchanged', () => {
    expect(ToolSchema.parse(tool)).toEqual(tool);
    const result = toSuccessResult(tool, { sum: 3 });
    expect(CallToolResultSchema.parse(result)).toEqual(result);
  });
});
