import { isPlainObject } from './json-schema.js';

/**
 * How the page shows one log line of a call: its message, and what else it carries, folded.
 *
 * @example
 * ```ts
 * const line: LogLineView = { message: 'Audited 5 products', details: { low: 1 } };
 * ```
 */
export interface LogLineView {
  message: string;
  /** The rest of the line's data; `undefined` when there is none. */
  details?: unknown;
}

/**
 * The view of a `notifications/message`'s `data`: a string is the message; an object with a
 * string `message` (what apcore-mcp sends for `log(context, level, message, data)`: `{ message,
 * data }`) shows that message, with its `data` (or its other fields) as the details; anything
 * else is shown as compact JSON.
 *
 * @example
 * ```ts
 * viewLogData({ message: 'Audited 5 products', data: { low: 1 } }); // { message: 'Audited 5 products', details: { low: 1 } }
 * viewLogData('MUG-002 is low on stock'); // { message: 'MUG-002 is low on stock' }
 * ```
 */
export function viewLogData(data: unknown): LogLineView {
  if (typeof data === 'string') return { message: data };
  if (isPlainObject(data) && typeof data.message === 'string') {
    const { message, ...rest } = data;
    const keys = Object.keys(rest);
    if (keys.length === 0) return { message };
    // apcore-mcp's own shape: the module's data is the one other field.
    const details = keys.length === 1 && keys[0] === 'data' ? rest.data : rest;
    return { message, details };
  }
  return { message: JSON.stringify(data) ?? String(data) };
}
