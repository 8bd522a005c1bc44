import type { StandardSchemaV1 } from '@modelcontextprotocol/server';
import { invalidEventParams } from './event-errors.js';

/** What every `events/*` params schema lets through: an object; each handler reads its fields. */
export const ANY_EVENT_PARAMS: StandardSchemaV1<Record<string, unknown>> = {
  '~standard': {
    version: 1,
    vendor: 'apcore-mcp',
    validate: (value) =>
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? { value: value as Record<string, unknown> }
        : { issues: [{ message: 'params must be an object' }] },
  },
};

/**
 * What names one subscription in `events/poll`, `events/stream` and `events/subscribe`:
 * the type, its arguments (absent: `{}`), where to start (absent or `null`: from now), and how
 * far back at most.
 *
 * @example
 * ```ts
 * const { name, args, cursor } = readSubscriptionParams(params);
 * ```
 */
export interface SubscriptionParams {
  name: string;
  args: Record<string, unknown>;
  cursor: string | null;
  maxAgeMs: number | undefined;
}

/** @throws {ProtocolError} InvalidParams naming the field. */
export function readSubscriptionParams(params: Record<string, unknown>): SubscriptionParams {
  const { name, cursor } = params;
  if (typeof name !== 'string' || name === '') {
    throw invalidEventParams('name must be an event type name', 'name');
  }
  const args = params.arguments ?? {};
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    throw invalidEventParams('arguments must be an object', 'arguments');
  }
  if (cursor !== undefined && cursor !== null && typeof cursor !== 'string') {
    throw invalidEventParams('cursor must be a string or null', 'cursor');
  }
  return {
    name,
    args: args as Record<string, unknown>,
    cursor: cursor ?? null,
    maxAgeMs: readInteger(params, 'maxAgeMs', 0),
  };
}

/**
 * An optional whole number of at least `minimum`.
 *
 * @throws {ProtocolError} InvalidParams naming the field.
 */
export function readInteger(
  params: Record<string, unknown>,
  field: string,
  minimum: number,
): number | undefined {
  const value = params[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < minimum) {
    throw invalidEventParams(`${field} must be an integer of at least ${minimum}`, field);
  }
  return value;
}

/**
 * The `cursor` of `events/list` (pagination), if any.
 *
 * @throws {ProtocolError} InvalidParams when it is not a string.
 */
export function readListCursor(params: Record<string, unknown>): string | undefined {
  const { cursor } = params;
  if (cursor !== undefined && typeof cursor !== 'string') {
    throw invalidEventParams('cursor must be a string', 'cursor');
  }
  return cursor;
}
