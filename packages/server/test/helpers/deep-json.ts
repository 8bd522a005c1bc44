/**
 * How deep the hostile values nest: far past both limits, and past what `JSON.stringify` itself
 * survives, so these bodies are built as text.
 */
export const HOSTILE_DEPTH = 10_000;

/** Where {@link withNestedArrays} puts its arrays: a string no real message carries. */
export const NESTED_HERE = '<nested arrays here>';

/** The two refusals a too deep message gets, whatever the transport. */
export const TOO_DEEP = 'Invalid Request: JSON nested deeper than 256 levels';
export const META_TOO_DEEP = 'Invalid Request: params._meta nested deeper than 64 levels';

/** `depth` arrays, each the only element of the one around it: `[[[]]]` for 3. */
export function nestedArrayText(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/** The same arrays as a value, for a client to send (fine at small depths). */
export function nestedArrays(depth: number): unknown[] {
  let value: unknown[] = [];
  for (let level = 1; level < depth; level++) value = [value];
  return value;
}

/** The JSON text of `message`, with {@link NESTED_HERE} replaced by `depth` nested arrays. */
export function withNestedArrays(message: unknown, depth: number): string {
  return JSON.stringify(message).replace(JSON.stringify(NESTED_HERE), nestedArrayText(depth));
}

/** One too deep request body and the JSON-RPC error it must get. */
export interface DeepRequest {
  name: string;
  body: string;
  error: { id: number | null; message: string };
}

/**
 * The too deep shapes every transport refuses: a whole body of nested arrays (no id), then
 * `tools/call`s numbered from `firstId` with nested `arguments` and a nested
 * `_meta.progressToken` (far too deep, and 100 deep: under the overall limit, over `_meta`'s).
 * `meta` is what the calls' `_meta` carries besides (a 2026-07-28 request's envelope).
 */
export function deepRequests(firstId: number, meta: Record<string, unknown> = {}): DeepRequest[] {
  const call = (id: number, params: Record<string, unknown>) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'text-echo', arguments: { text: 'x' }, _meta: meta, ...params },
  });
  const deepArguments = { arguments: { text: 'x', nested: NESTED_HERE } };
  const deepToken = { _meta: { ...meta, progressToken: NESTED_HERE } };
  return [
    {
      name: 'a whole body of nested arrays',
      body: nestedArrayText(HOSTILE_DEPTH),
      error: { id: null, message: TOO_DEEP },
    },
    {
      name: 'nested arguments',
      body: withNestedArrays(call(firstId, deepArguments), HOSTILE_DEPTH),
      error: { id: firstId, message: TOO_DEEP },
    },
    {
      name: 'a nested progress token',
      body: withNestedArrays(call(firstId + 1, deepToken), HOSTILE_DEPTH),
      error: { id: firstId + 1, message: META_TOO_DEEP },
    },
    {
      name: 'a progress token 100 deep',
      body: withNestedArrays(call(firstId + 2, deepToken), 100),
      error: { id: firstId + 2, message: META_TOO_DEEP },
    },
  ];
}

/** The JSON-RPC error a refused {@link DeepRequest} is answered with. */
export function refusalOf(request: DeepRequest): Record<string, unknown> {
  return {
    jsonrpc: '2.0',
    id: request.error.id,
    error: { code: -32600, message: request.error.message },
  };
}
