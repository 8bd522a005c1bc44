import { describe, expect, it } from 'vitest';
import { checkNesting, MAX_JSON_DEPTH, MAX_META_DEPTH } from './json-nesting.js';

/** `depth` arrays, each the only element of the one around it. */
function nestedArrays(depth: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < depth; level++) value = [value];
  return value;
}

/** A `tools/call` with `nested` in its arguments and `meta` as its `_meta`. */
function call(options: { id?: unknown; nested?: unknown; meta?: unknown }): unknown {
  return {
    jsonrpc: '2.0',
    id: options.id ?? 7,
    method: 'tools/call',
    params: { name: 'echo', arguments: { nested: options.nested ?? [] }, _meta: options.meta },
  };
}

const TOO_DEEP = {
  code: -32600,
  message: 'Invalid Request: JSON nested deeper than 256 levels',
};
const META_TOO_DEEP = {
  code: -32600,
  message: 'Invalid Request: params._meta nested deeper than 64 levels',
};

describe('checkNesting', () => {
  it('lets a message through up to the limits', () => {
    // Message, params and arguments are three levels: the rest may nest down to the limit.
    expect(checkNesting(call({ nested: nestedArrays(MAX_JSON_DEPTH - 3) }))).toBeUndefined();
    const meta = { progressToken: nestedArrays(MAX_META_DEPTH - 1) };
    expect(checkNesting(call({ meta }))).toBeUndefined();
  });

  it('refuses a message nested past MAX_JSON_DEPTH, with its id', () => {
    expect(checkNesting(call({ nested: nestedArrays(MAX_JSON_DEPTH - 2) }))).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: TOO_DEEP,
    });
  });

  it('refuses a _meta nested past MAX_META_DEPTH, with its id', () => {
    const meta = { progressToken: nestedArrays(MAX_META_DEPTH) };
    expect(checkNesting(call({ id: 'call-1', meta }))).toEqual({
      jsonrpc: '2.0',
      id: 'call-1',
      error: META_TOO_DEEP,
    });
  });

  it('names the _meta limit when both are passed', () => {
    const meta = { progressToken: nestedArrays(10_000) };
    expect(checkNesting(call({ meta }))?.error).toEqual(META_TOO_DEEP);
  });

  it('answers with a null id when none can be read', () => {
    expect(checkNesting(nestedArrays(10_000))).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: TOO_DEEP,
    });
    const deepId = call({ id: nestedArrays(300) });
    expect(checkNesting(deepId)?.id).toBeNull();
  });

  it('checks each message of a batch, _meta included', () => {
    const meta = { progressToken: nestedArrays(100) };
    expect(checkNesting([call({}), call({ meta })])).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: META_TOO_DEEP,
    });
  });
});
