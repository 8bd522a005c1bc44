import { describe, expect, it } from 'vitest';
import { describeError } from './describe-error.js';

describe('describeError', () => {
  it('turns HTTP 401 and 403 into auth failures the user can fix', () => {
    expect(
      describeError(Object.assign(new Error('Server returned 401'), { status: 401 })),
    ).toMatchObject({
      kind: 'auth',
      status: 401,
    });
    expect(
      describeError(Object.assign(new Error('denied'), { data: { status: 403 } })),
    ).toMatchObject({
      kind: 'auth',
      status: 403,
    });
    expect(
      describeError(Object.assign(new Error('Unauthorized'), { name: 'UnauthorizedError' })),
    ).toMatchObject({
      kind: 'auth',
    });
  });

  it('keeps a JSON-RPC error code apart from its message', () => {
    expect(
      describeError(
        Object.assign(new Error('MCP error -32602: Unknown tool: x'), { code: -32602 }),
      ),
    ).toEqual({
      kind: 'protocol',
      code: -32602,
      message: 'Unknown tool: x',
    });
  });

  it('recognises cancellation and an unreachable server', () => {
    expect(
      describeError(Object.assign(new Error('This operation was aborted'), { name: 'AbortError' })),
    ).toMatchObject({
      kind: 'cancelled',
    });
    expect(describeError(new TypeError('Failed to fetch'))).toMatchObject({ kind: 'network' });
    expect(describeError('boom')).toEqual({ kind: 'other', message: 'boom' });
  });
});
