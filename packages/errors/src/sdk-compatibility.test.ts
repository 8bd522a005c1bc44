import { type CallToolResult, CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ErrorMapper } from './error-mapper.js';
import type { ToolErrorResult } from './tool-error-result.js';

describe('compatibility with the MCP SDK', () => {
  it('is assignable to the SDK CallToolResult type', () => {
    expectTypeOf<ToolErrorResult>().toExtend<CallToolResult>();
    const result: CallToolResult = new ErrorMapper().toMcpError(new Error('x'));
    expect(result.isError).toBe(true);
  });

  it('passes the SDK result schema unchanged, with no structuredContent', () => {
    const mapper = new ErrorMapper();
    for (const error of [
      {
        code: 'SCHEMA_VALIDATION_ERROR',
        message: 'x',
        details: { errors: [{ field: 'a', message: 'm' }] },
      },
      { code: 'ACL_DENIED', message: 'x' },
      null,
    ]) {
      const result = mapper.toMcpError(error);
      expect(CallToolResultSchema.parse(result)).toEqual(result);
      expect(result).not.toHaveProperty('structuredContent');
    }
  });
});
