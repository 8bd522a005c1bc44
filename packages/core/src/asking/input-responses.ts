import { isRecord } from '../is-record.js';
import type { McpElicitResult } from '../mcp-context-keys.js';
import type { CreateMessageResult, McpInputRequest, Root } from './input-requests.js';

/**
 * A client's answer to one request, checked for the shape its method gives it.
 *
 * @example
 * ```ts
 * const response: McpInputResponse = { roots: [{ uri: 'file:///tmp' }] };
 * ```
 */
export type McpInputResponse = McpElicitResult | CreateMessageResult | { roots: Root[] };

/**
 * Reads what a client answered to a request of `method` (untrusted input): a copy in the shape
 * MCP gives that answer (`{ action, content? }` for an elicitation, a `CreateMessageResult`
 * for sampling, `{ roots }` for the roots, keeping only roots with a string `uri`), or
 * `undefined` when it is not one.
 *
 * @example
 * ```ts
 * readInputResponse('elicitation/create', { action: 'accept', content: { ok: true } });
 * // { action: 'accept', content: { ok: true } }
 * readInputResponse('roots/list', 12345); // undefined
 * ```
 */
export function readInputResponse(
  method: McpInputRequest['method'],
  value: unknown,
): McpInputResponse | undefined {
  if (!isRecord(value)) return undefined;
  switch (method) {
    case 'elicitation/create':
      return readElicitResult(value);
    case 'sampling/createMessage':
      return readCreateMessageResult(value);
    default:
      return readRoots(value);
  }
}

function readElicitResult(value: Record<string, unknown>): McpElicitResult | undefined {
  const { action, content } = value;
  if (action !== 'accept' && action !== 'decline' && action !== 'cancel') return undefined;
  return isRecord(content) ? { action, content: { ...content } } : { action };
}

function readCreateMessageResult(value: Record<string, unknown>): CreateMessageResult | undefined {
  const { role, content, model } = value;
  if (role !== 'user' && role !== 'assistant') return undefined;
  if (typeof model !== 'string') return undefined;
  const pieces = Array.isArray(content) ? content : [content];
  if (!pieces.every((piece) => isRecord(piece) && typeof piece.type === 'string')) return undefined;
  return { ...value, role, model, content: content as CreateMessageResult['content'] };
}

function readRoots(value: Record<string, unknown>): { roots: Root[] } | undefined {
  if (!Array.isArray(value.roots)) return undefined;
  const roots = value.roots.filter(
    (root): root is Root => isRecord(root) && typeof root.uri === 'string',
  );
  return { roots: roots.map((root) => ({ ...root })) };
}
