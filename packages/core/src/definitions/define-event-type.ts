import type { JsonSchema } from '../contract.js';
import { copyJson } from '../json-copy.js';
import { FieldChecks } from './check-fields.js';
import { type BrandedDefinition, brandDefinition } from './definition-brand.js';

/**
 * How a client may receive a type's events: by polling (`events/poll`), on a long-lived stream
 * (`events/stream`), or by signed webhook (`events/subscribe`).
 *
 * @example
 * ```ts
 * const modes: EventDeliveryMode[] = ['poll', 'push'];
 * ```
 */
export type EventDeliveryMode = 'poll' | 'push' | 'webhook';

/**
 * Every {@link EventDeliveryMode}, in the order the wire lists them.
 *
 * @example
 * ```ts
 * EVENT_DELIVERY_MODES.includes('webhook'); // true
 * ```
 */
export const EVENT_DELIVERY_MODES: readonly EventDeliveryMode[] = Object.freeze([
  'poll',
  'push',
  'webhook',
]);

/**
 * Whether one occurrence's `data` goes to a subscription made with `args` (the subscription's
 * `arguments`, checked against the type's `inputSchema`).
 *
 * @example
 * ```ts
 * const match: EventMatcher = (args, data) => args.sku === undefined || args.sku === data.sku;
 * ```
 */
export type EventMatcher = (
  args: Readonly<Record<string, unknown>>,
  data: Readonly<Record<string, unknown>>,
) => boolean;

/**
 * What {@link defineEventType} takes.
 *
 * @example
 * ```ts
 * const input: EventTypeDefinitionInput = { name: 'order.placed', payloadSchema: { type: 'object' } };
 * ```
 */
export interface EventTypeDefinitionInput {
  /** `^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`, not starting with `mcp.` or `apcore-mcp.`. */
  name: string;
  /** Default `''`. */
  description?: string;
  /** JSON Schema of a subscription's `arguments`; default: an object with no properties. */
  inputSchema?: JsonSchema;
  /** JSON Schema of each occurrence's `data`, checked at every emit; default `{ type: 'object' }`. */
  payloadSchema?: JsonSchema;
  /** Keep a history clients resume from with cursors; default `true` (`false`: push and webhook only). */
  replay?: boolean;
  /** Filtered like module tags (the server's `tags` option). */
  tags?: readonly string[];
  /** Restricts the delivery modes offered; default: every mode the server serves. */
  delivery?: readonly EventDeliveryMode[];
  /** Which subscriptions an occurrence goes to; default: every argument equals `data[key]`. */
  match?: EventMatcher;
}

/**
 * An event type made by {@link defineEventType}: frozen, branded as a definition, its schemas
 * detached copies of the ones given.
 *
 * @example
 * ```ts
 * const replays = eventType.replay;
 * ```
 */
export interface EventTypeDefinition extends BrandedDefinition {
  readonly kind: 'eventType';
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly payloadSchema: JsonSchema;
  readonly replay: boolean;
  readonly tags: readonly string[];
  readonly delivery?: readonly EventDeliveryMode[];
  readonly match?: EventMatcher;
}

/** What an event type name looks like: dotted words, as module ids. */
export const EVENT_TYPE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * Prefixes of event type names kept for the protocol (`mcp.`, floated for types the MCP events
 * extension may define) and for this server's own built-in types (`apcore-mcp.`).
 *
 * @example
 * ```ts
 * RESERVED_EVENT_TYPE_PREFIXES.some((prefix) => name.startsWith(prefix));
 * ```
 */
export const RESERVED_EVENT_TYPE_PREFIXES: readonly string[] = Object.freeze([
  'mcp.',
  'apcore-mcp.',
]);

/**
 * Declares a type of event modules emit (with `emit(context, name, data)`) and clients
 * subscribe to (by poll, push or webhook): the default export of a file in the extensions
 * directory, or an entry of `serve()`'s `eventTypes` option. Each emitted `data` is checked
 * against `payloadSchema` before it is stored; subscription `arguments` are checked against
 * `inputSchema` and select occurrences (an argument `sku` delivers only that sku's events).
 *
 * @throws {TypeError} naming the field: a name that is not a dotted word or starts with a
 * reserved prefix (`mcp.`, `apcore-mcp.`), a schema that is not an object schema, a `replay`
 * that is not a boolean, `tags` that are not strings, `delivery` that is empty or names an
 * unknown mode, a `match` that is not a function.
 * @example
 * ```ts
 * export default defineEventType({
 *   name: 'stock.low',
 *   description: 'A SKU fell below its reorder level',
 *   inputSchema: { type: 'object', properties: { sku: { type: 'string' } } },
 *   payloadSchema: {
 *     type: 'object',
 *     properties: { sku: { type: 'string' }, onHand: { type: 'integer' } },
 *     required: ['sku', 'onHand'],
 *   },
 * });
 * ```
 */
export function defineEventType(input: EventTypeDefinitionInput): EventTypeDefinition {
  return checkEventType('defineEventType', input, { reservedAllowed: false });
}

/**
 * {@link defineEventType} for a server's own built-in types, whose names take a reserved
 * prefix (`apcore-mcp.task.finished`). Not for modules: their names would collide with the
 * server's.
 *
 * @example
 * ```ts
 * const TASK_FINISHED = defineBuiltInEventType({ name: 'apcore-mcp.task.finished', ... });
 * ```
 */
export function defineBuiltInEventType(input: EventTypeDefinitionInput): EventTypeDefinition {
  return checkEventType('defineBuiltInEventType', input, { reservedAllowed: true });
}

function checkEventType(
  caller: string,
  input: EventTypeDefinitionInput,
  how: { reservedAllowed: boolean },
): EventTypeDefinition {
  const check = new FieldChecks(caller);
  const fields = check.record(input);
  const name = checkName(check, fields.name, how.reservedAllowed);
  const { description = '', replay = true, match } = fields;
  if (typeof description !== 'string') check.fail('description must be a string');
  if (typeof replay !== 'boolean') check.fail('replay must be a boolean');
  return brandDefinition('eventType', {
    name,
    description,
    inputSchema: checkSchema(check, 'inputSchema', fields.inputSchema, {
      type: 'object',
      properties: {},
    }),
    payloadSchema: checkSchema(check, 'payloadSchema', fields.payloadSchema, { type: 'object' }),
    replay,
    tags: checkTags(check, fields.tags),
    ...(fields.delivery === undefined ? {} : { delivery: checkDelivery(check, fields.delivery) }),
    ...(match === undefined ? {} : { match: check.fn<EventMatcher>('match', match) }),
  }) as EventTypeDefinition;
}

function checkName(check: FieldChecks, value: unknown, reservedAllowed: boolean): string {
  const name = check.text('name', value);
  if (!EVENT_TYPE_NAME_PATTERN.test(name)) {
    check.fail(
      `name must be letters, digits, '.', '_' or '-' (at most 128, starting with a letter or digit), got ${JSON.stringify(name)}`,
    );
  }
  const reserved = RESERVED_EVENT_TYPE_PREFIXES.find((prefix) => name.startsWith(prefix));
  if (reserved !== undefined && !reservedAllowed) {
    check.fail(
      `name ${name} starts with ${reserved}, which is reserved for the server's own types`,
    );
  }
  return name;
}

/** A detached, frozen copy of an object schema (`fallback` when absent). */
function checkSchema(
  check: FieldChecks,
  field: string,
  value: unknown,
  fallback: JsonSchema,
): JsonSchema {
  const schema = value === undefined ? fallback : check.record(value, field);
  if (schema.type !== undefined && schema.type !== 'object') {
    // Arguments and payloads are JSON objects on the wire.
    check.fail(
      `${field} must describe an object (type 'object'), got type ${JSON.stringify(schema.type)}`,
    );
  }
  return deepFreeze(copyJson(schema));
}

function checkTags(check: FieldChecks, value: unknown): readonly string[] {
  if (value === undefined) return Object.freeze([]);
  if (!Array.isArray(value) || !value.every((tag) => typeof tag === 'string' && tag !== '')) {
    check.fail('tags must be an array of non-empty strings');
  }
  return Object.freeze([...(value as string[])]);
}

function checkDelivery(check: FieldChecks, value: unknown): readonly EventDeliveryMode[] {
  const known = (mode: unknown): mode is EventDeliveryMode =>
    EVENT_DELIVERY_MODES.includes(mode as EventDeliveryMode);
  if (!Array.isArray(value) || value.length === 0 || !value.every(known)) {
    check.fail(`delivery must be a non-empty array of ${EVENT_DELIVERY_MODES.join(', ')}`);
  }
  return Object.freeze([...new Set(value as EventDeliveryMode[])]);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
