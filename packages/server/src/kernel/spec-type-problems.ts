import type { SchemaProblem } from '@apcore-mcp/runtime';
import { specTypeSchemas } from '@modelcontextprotocol/server';

/** Problems named in one reason; the rest are counted. */
const MAX_PROBLEMS_NAMED = 5;

/**
 * What the server lists, each by the name of its type in the MCP schema, checked before it is
 * served.
 *
 * @example
 * ```ts
 * const type: ListedSpecType = 'Prompt';
 * ```
 */
export type ListedSpecType = 'Tool' | 'Resource' | 'ResourceTemplate' | 'Prompt';

/**
 * How `value` breaks the SDK's own schema of an MCP type (the protocol model both revisions
 * are encoded from), by JSON pointer: `[]` when it does not. Judged as JSON travels: a key
 * whose value is `undefined` never reaches a client.
 *
 * @example
 * ```ts
 * findSpecTypeProblems('Prompt', { name: 'a', arguments: [{ name: 'x', required: 'yes' }] });
 * // [{ pointer: '/arguments/0/required', message: 'Invalid input: expected boolean, received string' }]
 * ```
 */
export function findSpecTypeProblems(type: ListedSpecType, value: unknown): SchemaProblem[] {
  const schema = specTypeSchemas[type]['~standard'];
  if (schema.validate(value).issues === undefined) return [];
  const issues = schema.validate(JSON.parse(JSON.stringify(value))).issues ?? [];
  return issues.map((issue) => ({
    pointer: toPointer((issue.path ?? []).map((key) => (typeof key === 'object' ? key.key : key))),
    message: issue.message,
  }));
}

/**
 * The JSON pointer of a path: each key escaped (`~` as `~0`, `/` as `~1`).
 *
 * @example
 * ```ts
 * toPointer(['inputSchema', 'properties', 'a/b']); // '/inputSchema/properties/a~1b'
 * ```
 */
export function toPointer(path: readonly PropertyKey[]): string {
  return path.map((key) => `/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/**
 * Problems in words for a log line: `/a: must be ...; /b: must be ...`, the first five of
 * them, the rest counted; the root is `(root)`.
 *
 * @example
 * ```ts
 * listProblems([{ pointer: '/required', message: 'must be array' }]); // '/required: must be array'
 * ```
 */
export function listProblems(problems: readonly SchemaProblem[]): string {
  const named = problems
    .slice(0, MAX_PROBLEMS_NAMED)
    .map(({ pointer, message }) => `${pointer === '' ? '(root)' : pointer}: ${message}`);
  const more = problems.length - named.length;
  return more > 0 ? `${named.join('; ')}; and ${more} more` : named.join('; ');
}
