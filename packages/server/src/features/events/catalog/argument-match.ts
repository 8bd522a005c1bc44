import type { EventTypeDefinition } from '@apcore-mcp/core';
import type { LoggedEvent } from '@apcore-mcp/core/bridge';
import { hashJson } from '../../../calls/hash-json.js';

/**
 * Whether `event` goes to a subscription of `subject` made with `args`: its audience (a task's
 * owner) is that subject, when it has one, and the type's matcher (default: every argument
 * equals `data[key]`) takes it. A matcher that throws takes nothing.
 *
 * @example
 * ```ts
 * matchesSubscription(stockLow, { sku: 'A-1' }, event, 'alice');
 * ```
 */
export function matchesSubscription(
  type: EventTypeDefinition,
  args: Readonly<Record<string, unknown>>,
  event: LoggedEvent,
  subject: string,
): boolean {
  if (event.audience !== undefined && event.audience !== subject) return false;
  try {
    return (type.match ?? matchEveryArgument)(args, event.data);
  } catch {
    return false;
  }
}

/** The default matcher: each argument given equals the payload's field of that name. */
export function matchEveryArgument(
  args: Readonly<Record<string, unknown>>,
  data: Readonly<Record<string, unknown>>,
): boolean {
  return Object.entries(args).every(([key, value]) => hashJson(value) === hashJson(data[key]));
}

/**
 * A key of subscription arguments that does not depend on their key order (canonical JSON,
 * hashed).
 *
 * @example
 * ```ts
 * argumentsKey({ a: 1, b: 2 }) === argumentsKey({ b: 2, a: 1 }); // true
 * ```
 */
export function argumentsKey(args: Readonly<Record<string, unknown>>): string {
  return hashJson(args);
}
